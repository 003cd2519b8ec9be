import { describe, expect, it } from 'vitest';
import { deliverySchema, projectSchema } from '../../../src/core/media/schemas.ts';

// The webhook decides with deliverySchema what it used to decide with the whole projectSchema: which bodies
// are a project, and which project they name. Any body where the two disagree would change an answer.

const finished = {
  projectId: 'p1',
  status: 'completed',
  createdAt: '2026-01-01T00:00:00Z',
  completedAt: null,
  outputs: [{ id: 'o1', videoUrl: 'https://cdn/v.mp4', info: { title: 't', tags: ['a'] } }],
};

const bodies: Record<string, unknown> = {
  'a finished project': finished,
  'a project inside data': { data: finished, requestId: 'r' },
  'a project with junk outputs and error': { projectId: 'p2', outputs: 'many', error: 42, status: 7 },
  'a project whose outputs are not objects': { projectId: 'p3', outputs: [1, 'x', null] },
  'an empty project id': { projectId: '' },
  'a numeric project id': { projectId: 12 },
  'a createdAt that is a number': { projectId: 'p4', createdAt: 5 },
  'a bad flat body with a good data body': { projectId: 'p5', completedAt: {}, data: { projectId: 'p6' } },
  'a good flat body and a data body': { projectId: 'p7', data: { projectId: 'p8' } },
  'data that is not an object': { data: 'p9' },
  'data with a bad completedAt': { data: { projectId: 'p10', completedAt: 1 } },
  'an array': [finished],
  'a string': 'p11',
  null: null,
  'nothing (a body that was not JSON)': undefined,
};

const decision = (result: { success: boolean; data?: { projectId: string } }) =>
  result.success ? { project: result.data?.projectId } : 'not a project';

describe('a webhook body, read only for what decides its answer', () => {
  for (const [name, body] of Object.entries(bodies)) {
    it(`decides ${name} as the whole project schema does`, () => {
      expect(decision(deliverySchema.safeParse(body))).toEqual(decision(projectSchema.safeParse(body)));
    });
  }

  it('names the project of a finished delivery, flat or inside data', () => {
    expect(deliverySchema.parse(finished).projectId).toBe('p1');
    expect(deliverySchema.parse({ data: finished }).projectId).toBe('p1');
  });
});

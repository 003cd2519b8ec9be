// Slack's published JSON Schema for app manifests (slackapi/manifest-schema, manifest.schema.1.0.0.json) is data no
// npm package carries: it sits beside the project at ../shared/slack/, or wherever SLACK_MANIFEST_SCHEMA points. A
// manifest Slack refuses is found here, not when an operator pastes it. In CI a missing schema is a failure (a
// check that silently stops checking cannot fail); elsewhere, e.g. a clone without ../shared, the tests skip and say
// why.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { TestContext } from 'vitest';

const SCHEMA_FILE = 'manifest.schema.1.0.0.json';

/** SLACK_MANIFEST_SCHEMA, or ../shared/slack/ from the project root. */
export function manifestSchemaPath(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.SLACK_MANIFEST_SCHEMA?.trim();
  return set ? set : join(import.meta.dirname, '..', '..', '..', 'shared', 'slack', SCHEMA_FILE);
}

/** What the schema says is wrong with a manifest: none when Slack would take it. */
export type ManifestCheck = (manifest: unknown) => string[];

/**
 * The schema's check, or, when its file is missing: a failure naming SLACK_MANIFEST_SCHEMA in CI, a skip saying
 * why elsewhere.
 */
export function manifestSchemaOrSkip(
  ctx: Pick<TestContext, 'skip'>,
  env: NodeJS.ProcessEnv = process.env,
): ManifestCheck {
  const path = manifestSchemaPath(env);
  if (!existsSync(path)) {
    const why =
      `Slack's manifest schema is not at ${path}: set SLACK_MANIFEST_SCHEMA to the path of ${SCHEMA_FILE} ` +
      '(https://github.com/slackapi/manifest-schema, schemas/)';
    if (env.CI) throw new Error(why);
    ctx.skip(why);
  }
  return compileManifestSchema(JSON.parse(readFileSync(path, 'utf8')));
}

export function compileManifestSchema(schema: object): ManifestCheck {
  // strict: false because Slack's schema uses keywords ajv does not know (`regex`, `_note`); formats (uri) as
  // published.
  const ajv = new Ajv({ strict: false, allErrors: true });
  const addFormats = addFormatsModule as unknown as (instance: Ajv) => Ajv;
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return (manifest) =>
    validate(manifest) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

// How fast one Slack method goes: at its budget, spread over the window; a 429 cuts the rate once for the calls sent
// before the cut, never below a quarter of the budget; runs of successes raise it back one call at a time.
import { describe, expect, it } from 'vitest';
import { createMethodRate } from '../../src/slack/method-rate.ts';

describe('a method’s rate', () => {
  it('starts at its budget, its calls spread evenly over the window', () => {
    const rate = createMethodRate(45);
    expect(rate.current).toBe(45);
    expect(rate.spacingMs(60_000)).toBe(1334);
  });

  it('is cut by a 429, once for all the calls sent before the cut', () => {
    const rate = createMethodRate(100);
    rate.refused(1000, 2000);
    expect(rate.current).toBe(70);
    // Sent before the cut, refused after it: that call met the old rate.
    rate.refused(1500, 2100);
    expect(rate.current).toBe(70);
    rate.refused(2200, 2300);
    expect(rate.current).toBe(49);
  });

  it('never goes below a quarter of its budget', () => {
    const rate = createMethodRate(100);
    for (let t = 1; t < 20; t++) rate.refused(t * 10, t * 10);
    expect(rate.current).toBe(25);
  });

  it('goes up by one call a window after five successes in a row, up to its budget', () => {
    const rate = createMethodRate(10);
    rate.refused(0, 0);
    expect(rate.current).toBe(7);
    for (let i = 0; i < 4; i++) rate.succeeded();
    expect(rate.current).toBe(7);
    rate.succeeded();
    expect(rate.current).toBe(8);
    for (let i = 0; i < 50; i++) rate.succeeded();
    expect(rate.current).toBe(10);
  });
});

import { describe, expect, it } from 'vitest';
import { EVENT_FILTER, RUN_EXPRESSION, WEBHOOK } from './environments';
import {
  CelCompileError,
  compile,
  evaluateBoolean,
  evaluateInteger,
  evaluateString,
} from './programs';

const event = {
  input: { customer: 'c-17', amount: 150, tags: ['vip'], items: [{ price: 5 }, { price: 12 }] },
  additional_metadata: { env: 'prod' },
  payload: { min: 10 },
  event_id: '5f0c0c3e-0000-4000-8000-000000000000',
  event_key: 'order:created',
};

describe('compile', () => {
  it('evaluates filters over the event, its metadata and the filter payload', () => {
    const cases: [string, boolean][] = [
      ['input.customer == "c-17" && input.amount > 100', true],
      ['event_key.startsWith("order:") && additional_metadata.env == "prod"', true],
      ['input.items.exists(i, i.price > payload.min)', true],
      ['"vip" in input.tags && size(input.tags) == 1', true],
      ['input.amount == 150 && input.amount >= 100.5', true],
      ['has(input.missing)', false],
      ['input.customer.lowerAscii() == "c-18"', false],
      ['checksum("a") == "a".checksum()', true],
    ];
    for (const [expression, expected] of cases) {
      expect(evaluateBoolean(compile(EVENT_FILTER, expression), event), expression).toEqual({
        ok: true,
        value: expected,
      });
    }
  });

  it('refuses what does not parse, with the evaluator message', () => {
    expect(() => compile(EVENT_FILTER, 'input.amount >')).toThrow(CelCompileError);
    expect(() => compile(EVENT_FILTER, '  ')).toThrow('the expression is empty');
  });

  it('refuses variables the environment does not declare, but not comprehension variables', () => {
    expect(() => compile(EVENT_FILTER, 'inptu.amount > 1')).toThrow(
      "undeclared reference to 'inptu'",
    );
    expect(() => compile(WEBHOOK, 'payload.x == 1')).toThrow("undeclared reference to 'payload'");
    expect(() => compile(EVENT_FILTER, 'input.items.all(item, item.price > 1)')).not.toThrow();
  });

  it('reports evaluation errors and results of the wrong type instead of throwing', () => {
    const missing = evaluateBoolean(compile(EVENT_FILTER, 'input.nope == 1'), event);
    expect(missing.ok).toBe(false);
    const wrongType = evaluateBoolean(compile(EVENT_FILTER, 'input.amount'), event);
    expect(wrongType).toEqual({
      ok: false,
      error: 'the expression must evaluate to a bool, not double',
    });
    expect(evaluateString(compile(WEBHOOK, 'input.id'), { input: { id: 7 } }).ok).toBe(false);
  });

  it('reads whole numbers as ints or JSON doubles, and refuses fractions and other types', () => {
    const limit = compile(RUN_EXPRESSION, "input.tier == 'premium' ? 10 : 1");
    expect(evaluateInteger(limit, { input: { tier: 'premium' } })).toEqual({ ok: true, value: 10 });
    expect(evaluateInteger(limit, { input: { tier: 'free' } })).toEqual({ ok: true, value: 1 });
    expect(evaluateInteger(compile(RUN_EXPRESSION, 'input.n'), { input: { n: 3 } })).toEqual({
      ok: true,
      value: 3,
    });
    expect(evaluateInteger(compile(RUN_EXPRESSION, 'input.n'), { input: { n: 2.5 } })).toEqual({
      ok: false,
      error: 'the expression must evaluate to a whole number, not 2.5',
    });
    expect(evaluateInteger(compile(RUN_EXPRESSION, 'input.n'), { input: { n: 'x' } }).ok).toBe(
      false,
    );
  });

  it('computes webhook keys from the body and headers, empty variables when left out', () => {
    const program = compile(WEBHOOK, '"github:" + headers["x-github-event"] + ":" + input.action');
    expect(
      evaluateString(program, { input: { action: 'opened' }, headers: { 'x-github-event': 'pr' } }),
    ).toEqual({ ok: true, value: 'github:pr:opened' });
    expect(evaluateBoolean(compile(WEBHOOK, 'size(headers) == 0'), {})).toEqual({
      ok: true,
      value: true,
    });
  });

  it('matches regular expressions in linear time (RE2), so a filter cannot stall the engine', () => {
    const program = compile(EVENT_FILTER, 'input.s.matches("(a+)+$")');
    expect(evaluateBoolean(program, { input: { s: `${'a'.repeat(5000)}!` } })).toEqual({
      ok: true,
      value: false,
    });
  });

  it('returns the cached program for the same text', () => {
    expect(compile(EVENT_FILTER, 'true')).toBe(compile(EVENT_FILTER, 'true'));
  });
});

/**
 * The places Trellis evaluates CEL, each with the variables an expression there may use. The
 * names and shapes are the reference's, so expressions written for it work unchanged: maps of
 * JSON values (numbers are doubles, as JSON decoding gives them in cel-go), strings for ids.
 */
import {
  CelScalar,
  celEnv,
  celFunc,
  celMethod,
  mapType,
  type CelEnv,
  type CelType,
} from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { createHash } from 'node:crypto';

export interface CelEnvironment {
  /** What the expressions are for, as messages name it ("event filter"). */
  readonly label: string;
  /** Variable names an expression may refer to, with the value each gets when a caller leaves it out. */
  readonly defaults: Readonly<Record<string, unknown>>;
  readonly env: CelEnv;
}

const JSON_MAP = mapType(CelScalar.STRING, CelScalar.DYN);

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * `checksum`: the SHA-256 of a string in hex, as the reference offers it, both as a function
 * (`checksum(s)`) and as a method (`s.checksum()`): its declaration and binding disagree.
 */
const checksum = [
  celFunc('checksum', [CelScalar.STRING], CelScalar.STRING, sha256Hex),
  celMethod('checksum', CelScalar.STRING, [], CelScalar.STRING, function () {
    return sha256Hex(this);
  }),
];

function defineEnvironment(
  label: string,
  variables: Record<string, { type: CelType; empty: unknown }>,
): CelEnvironment {
  return {
    label,
    defaults: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, v.empty])),
    env: celEnv({
      funcs: [...strings, ...checksum],
      variables: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, v.type])),
    }),
  };
}

const jsonMap = { type: JSON_MAP, empty: {} };
const text = { type: CelScalar.STRING, empty: '' };

/** Whether an event triggers a workflow: true or false. */
export const EVENT_FILTER = defineEnvironment('event filter', {
  input: jsonMap,
  additional_metadata: jsonMap,
  payload: jsonMap,
  event_id: text,
  event_key: text,
});

/** An incoming webhook's event key and scope, from its body and lower-cased headers. */
export const WEBHOOK = defineEnvironment('webhook', {
  input: jsonMap,
  headers: jsonMap,
});

/**
 * What a run's own data decides at trigger time: concurrency keys and limits, rate limit keys
 * and units, idempotency keys. Over the run's input and additional metadata, as the reference.
 */
export const RUN_EXPRESSION = defineEnvironment('run expression', {
  input: jsonMap,
  additional_metadata: jsonMap,
});

/** Whether a parent task's output meets a DAG task's condition (`ParentCondition`). */
export const PARENT_OUTPUT = defineEnvironment('parent output', {
  output: jsonMap,
});

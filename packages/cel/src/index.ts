export {
  EVENT_FILTER,
  PARENT_OUTPUT,
  RUN_EXPRESSION,
  WEBHOOK,
  type CelEnvironment,
} from './environments';
export {
  CelCompileError,
  compile,
  compileError,
  evaluateBoolean,
  evaluateBooleanExpression,
  evaluateInteger,
  evaluateKey,
  evaluateString,
  type CelOutcome,
  type CelProgram,
} from './programs';

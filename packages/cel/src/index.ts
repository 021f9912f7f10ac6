export { EVENT_FILTER, WEBHOOK, type CelEnvironment } from './environments';
export {
  CelCompileError,
  compile,
  compileError,
  evaluateBoolean,
  evaluateBooleanExpression,
  evaluateString,
  type CelOutcome,
  type CelProgram,
} from './programs';

import { EngineError, type EngineErrorCode } from '@trellis/engine';
import { ApiError } from './api-error';

/**
 * Answers some engine refusals of one route with the status (and field) the reference gives
 * them there, instead of the default of their code (error-handler.ts); others pass through.
 */
export async function refusalsAs<T>(
  work: Promise<T>,
  answers: Partial<Record<EngineErrorCode, { status: number; field?: string }>>,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const answer = error instanceof EngineError ? answers[error.code] : undefined;
    if (!answer || !(error instanceof EngineError)) throw error;
    const item = answer.field
      ? { description: error.message, field: answer.field }
      : { description: error.message };
    throw new ApiError(answer.status, [item]);
  }
}

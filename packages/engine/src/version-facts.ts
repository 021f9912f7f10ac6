/**
 * Facts of immutable workflow versions that ticks remember, so that a tick finishing tasks does
 * not look them up again. Versions never change once stored, so nothing here is invalidated.
 */
import type { OnFailureStep } from './queries/workflow.queries';

export interface VersionFacts {
  /** A version's on-failure step, or null when it has none. */
  onFailureSteps: Map<string, OnFailureStep | null>;
  /** Whether a step is its version's only one (a standalone task without an on-failure step). */
  soleSteps: Map<string, boolean>;
}

export function createVersionFacts(): VersionFacts {
  return { onFailureSteps: new Map(), soleSteps: new Map() };
}

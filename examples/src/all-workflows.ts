/** Every example, for the workers that serve them all. */
import { batchWorkflows } from './batches';
import { concurrencyWorkflows } from './concurrency';
import { conditionWorkflows } from './conditions';
import { nightlyDigest } from './crons';
import { dag } from './dag';
import { durableWorkflows } from './durable';
import { onOrder, onRefund } from './events';
import { fanoutChild, fanoutParent } from './fanout';
import { failOnce, fatal, flaky } from './flaky';
import { chargeOrder } from './idempotency';
import { placementWorkflows } from './placement';
import { rateLimitWorkflows } from './rate-limits';
import { simple } from './simple';
import {
  resilient,
  resilientDag,
  resilientKeyed,
  resilientParent,
  slow,
  streamer,
  tooSlow,
} from './slow';

export const allWorkflows = [
  simple,
  dag,
  fanoutParent,
  fanoutChild,
  flaky,
  fatal,
  failOnce,
  tooSlow,
  slow,
  streamer,
  resilient,
  resilientDag,
  resilientParent,
  resilientKeyed,
  onOrder,
  onRefund,
  nightlyDigest,
  ...concurrencyWorkflows,
  ...rateLimitWorkflows,
  ...placementWorkflows,
  chargeOrder,
  ...batchWorkflows,
  ...durableWorkflows,
  ...conditionWorkflows,
];

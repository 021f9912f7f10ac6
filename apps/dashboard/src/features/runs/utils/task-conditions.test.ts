import { describe, expect, it } from 'vitest';
import type { V1TaskCondition } from '@/types/api';
import { conditionGroups, conditionItem, gateState, placeConditions } from './task-conditions';

const condition = (extra: Partial<V1TaskCondition>): V1TaskCondition => ({
  action: 'QUEUE',
  kind: 'SLEEP',
  orGroupId: 'g0',
  readableDataKey: 'key',
  met: false,
  ...extra,
});

const sleep = (action: V1TaskCondition['action'], sleepFor = '2s') =>
  condition({ action, kind: 'SLEEP', sleepFor });
const event = (action: V1TaskCondition['action'], eventKey: string, expression?: string) =>
  condition({ action, kind: 'USER_EVENT', eventKey, ...(expression ? { expression } : {}) });
const parent = (action: V1TaskCondition['action'], name: string, expression?: string) =>
  condition({
    action,
    kind: 'PARENT',
    parentReadableId: name,
    ...(expression ? { expression } : {}),
  });

describe('a condition in words', () => {
  it('says what a sleep does for each action', () => {
    expect(conditionItem(sleep('QUEUE')).text).toBe('waits 2s');
    expect(conditionItem(sleep('SKIP', '1m30s')).text).toBe('skip after 1m30s');
    expect(conditionItem(sleep('CANCEL')).text).toBe('cancel after 2s');
  });

  it('names an event shortly, and with its filter in full', () => {
    const trusted = conditionItem(event('SKIP', 'order:trusted', "input.orderId == 'o-1'"));
    expect(trusted.text).toBe('skip if event order:trusted');
    expect(trusted.detail).toBe("skip if event order:trusted where input.orderId == 'o-1'");
    expect(conditionItem(event('QUEUE', 'order:confirmed')).detail).toBe(
      'waits for event order:confirmed',
    );
    expect(conditionItem(event('CANCEL', 'order:abort')).text).toBe('cancel if event order:abort');
  });

  it('names a parent off its edge, and not on it', () => {
    const amount = parent('SKIP', 'received', 'output.amount > 100');
    expect(conditionItem(amount, true).text).toBe('skip if output.amount > 100');
    expect(conditionItem(amount).text).toBe('skip if received: output.amount > 100');
    expect(conditionItem(parent('QUEUE', 'received', 'output.ok')).text).toBe(
      'run if received: output.ok',
    );
    // Without an expression it is met as soon as the parent is done.
    expect(conditionItem(parent('CANCEL', 'received'), true).text).toBe('cancel once done');
    expect(conditionItem(parent('SKIP', 'received')).text).toBe('skip once received is done');
  });
});

describe('or-groups', () => {
  it('keeps the alternatives of a group together, each action apart, in first-seen order', () => {
    const groups = conditionGroups([
      { ...sleep('QUEUE', '1m'), orGroupId: 'g0' },
      { ...event('SKIP', 'order:trusted'), orGroupId: 'g1', met: true },
      { ...event('QUEUE', 'order:confirmed'), orGroupId: 'g0', met: true },
      { ...sleep('QUEUE', '5s'), orGroupId: 'g2' },
    ]);
    expect(groups.map((group) => group.alternatives.map((item) => item.text))).toEqual([
      ['waits 1m', 'waits for event order:confirmed'],
      ['skip if event order:trusted'],
      ['waits 5s'],
    ]);
    expect(groups.map((group) => group.met)).toEqual([true, true, false]);
  });

  it('tells a group apart by its action too', () => {
    const groups = conditionGroups([sleep('QUEUE'), sleep('SKIP')]);
    expect(groups.map((group) => group.action)).toEqual(['QUEUE', 'SKIP']);
  });
});

describe('where the graph draws conditions', () => {
  it('puts a parent’s conditions on its edge and the rest on the node', () => {
    const placed = placeConditions(
      [
        { ...parent('SKIP', 'received', 'output.amount > 100'), orGroupId: 'g0' },
        { ...sleep('QUEUE'), orGroupId: 'g1' },
        { ...parent('QUEUE', 'review', 'output.ok'), orGroupId: 'g2' },
      ],
      new Set(['received', 'review']),
    );
    expect(placed.node.map((group) => group.alternatives[0]!.text)).toEqual(['waits 2s']);
    expect(
      [...placed.edges].map(([from, groups]) => [from, groups[0]!.alternatives[0]!.text]),
    ).toEqual([
      ['received', 'skip if output.amount > 100'],
      ['review', 'run if output.ok'],
    ]);
  });

  it('keeps on the node a parent without an edge, and a group that mixes kinds or parents', () => {
    const placed = placeConditions(
      [
        { ...parent('SKIP', 'elsewhere', 'output.x'), orGroupId: 'g0' },
        { ...parent('SKIP', 'received', 'output.a'), orGroupId: 'g1' },
        { ...sleep('SKIP'), orGroupId: 'g1' },
        { ...parent('CANCEL', 'received', 'output.b'), orGroupId: 'g2' },
        { ...parent('CANCEL', 'review', 'output.c'), orGroupId: 'g2' },
      ],
      new Set(['received', 'review']),
    );
    expect(placed.edges.size).toBe(0);
    expect(placed.node.map((group) => group.alternatives.map((item) => item.text))).toEqual([
      ['skip if elsewhere: output.x'],
      ['skip if received: output.a', 'skip after 2s'],
      ['cancel if received: output.b', 'cancel if review: output.c'],
    ]);
  });
});

describe('where a task stands with its conditions', () => {
  it('waits while its gate is open, then is what the gate decided', () => {
    const since = '2026-05-01T10:00:00.000Z';
    expect(gateState({}, { waitingSince: since })).toBe('waiting');
    const decided = { waitingSince: since, decidedAt: since };
    expect(gateState({}, { ...decided, decision: 'QUEUE' })).toBe('queued');
    expect(gateState({}, { ...decided, decision: 'SKIP' })).toBe('skipped');
    expect(gateState({}, { ...decided, decision: 'CANCEL' })).toBe('cancelled');
  });

  it('is skipped when the task was, gate or not, and nothing before its gate opens', () => {
    expect(gateState({ isSkipped: true }, undefined)).toBe('skipped');
    expect(gateState({ isSkipped: false }, undefined)).toBeUndefined();
    expect(gateState(undefined, undefined)).toBeUndefined();
  });
});

// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useTimeZone, useTimeZonePreference } from './use-time-zone';

describe('time zone preference', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("follows the browser's zone until another is chosen", () => {
    // The unit tests run with TZ=UTC.
    const { result } = renderHook(useTimeZonePreference);
    expect(result.current.preference).toBe('browser');
    expect(result.current.timeZone).toBe('UTC');
  });

  it('stores the choice under trellis-time-zone and every reader follows at once', () => {
    const picker = renderHook(useTimeZonePreference);
    const reader = renderHook(useTimeZone);
    act(() => picker.result.current.setPreference('America/New_York'));
    expect(localStorage.getItem('trellis-time-zone')).toBe('America/New_York');
    expect(reader.result.current).toBe('America/New_York');
    act(() => picker.result.current.setPreference('browser'));
    expect(reader.result.current).toBe('UTC');
  });

  it('ignores a stored zone this browser does not know', () => {
    localStorage.setItem('trellis-time-zone', 'Mars/Olympus_Mons');
    const { result } = renderHook(useTimeZone);
    expect(result.current).toBe('UTC');
  });
});

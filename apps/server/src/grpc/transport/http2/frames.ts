/** HTTP/2 frame layout (RFC 9113, section 4 and 6): types, flags, settings, and encoding. */

export const FRAME_HEADER_BYTES = 9;

export const FrameType = {
  DATA: 0x0,
  HEADERS: 0x1,
  PRIORITY: 0x2,
  RST_STREAM: 0x3,
  SETTINGS: 0x4,
  PUSH_PROMISE: 0x5,
  PING: 0x6,
  GOAWAY: 0x7,
  WINDOW_UPDATE: 0x8,
  CONTINUATION: 0x9,
} as const;

export const Flag = {
  END_STREAM: 0x1,
  ACK: 0x1,
  END_HEADERS: 0x4,
  PADDED: 0x8,
  PRIORITY: 0x20,
} as const;

export const Setting = {
  HEADER_TABLE_SIZE: 0x1,
  ENABLE_PUSH: 0x2,
  MAX_CONCURRENT_STREAMS: 0x3,
  INITIAL_WINDOW_SIZE: 0x4,
  MAX_FRAME_SIZE: 0x5,
  MAX_HEADER_LIST_SIZE: 0x6,
} as const;

/** What a peer may assume before settings say otherwise. */
export const DEFAULT_WINDOW_SIZE = 65_535;
export const DEFAULT_MAX_FRAME_SIZE = 16_384;
export const MAX_WINDOW_SIZE = 2 ** 31 - 1;
export const MAX_FRAME_SIZE_LIMIT = 2 ** 24 - 1;

/** The 9-byte header, then `payload` copied after it, in one buffer. */
export function encodeFrame(
  type: number,
  flags: number,
  streamId: number,
  payload?: Buffer,
  payloadStart = 0,
  payloadEnd = payload?.length ?? 0,
): Buffer {
  const length = payloadEnd - payloadStart;
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + length);
  frame.writeUIntBE(length, 0, 3);
  frame[3] = type;
  frame[4] = flags;
  frame.writeUInt32BE(streamId, 5);
  if (payload !== undefined) payload.copy(frame, FRAME_HEADER_BYTES, payloadStart, payloadEnd);
  return frame;
}

export function encodeSettings(settings: ReadonlyArray<readonly [id: number, value: number]>) {
  const payload = Buffer.allocUnsafe(settings.length * 6);
  settings.forEach(([id, value], i) => {
    payload.writeUInt16BE(id, i * 6);
    payload.writeUInt32BE(value, i * 6 + 2);
  });
  return encodeFrame(FrameType.SETTINGS, 0, 0, payload);
}

export function encodeWindowUpdate(streamId: number, increment: number): Buffer {
  const payload = Buffer.allocUnsafe(4);
  payload.writeUInt32BE(increment, 0);
  return encodeFrame(FrameType.WINDOW_UPDATE, 0, streamId, payload);
}

export function encodeRstStream(streamId: number, code: number): Buffer {
  const payload = Buffer.allocUnsafe(4);
  payload.writeUInt32BE(code, 0);
  return encodeFrame(FrameType.RST_STREAM, 0, streamId, payload);
}

export function encodeGoaway(lastStreamId: number, code: number, debug: string): Buffer {
  const text = Buffer.from(debug);
  const payload = Buffer.allocUnsafe(8 + text.length);
  payload.writeUInt32BE(lastStreamId, 0);
  payload.writeUInt32BE(code, 4);
  text.copy(payload, 8);
  return encodeFrame(FrameType.GOAWAY, 0, 0, payload);
}

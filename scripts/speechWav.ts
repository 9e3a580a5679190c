/**
 * What a WAV espeak-ng wrote holds: how long it is, how loud, and the longest pause inside it (between its first and
 * last sound), so a check can tell speech from silence and hear where one voice hands over to the next.
 */

export interface WavFacts {
  seconds: number;
  /** The loudest sample, 0…1. */
  peak: number;
  /** The longest stretch quieter than 1 % of full scale between the first and the last sound, in ms. */
  longestPauseMs: number;
}

/** 16-bit mono PCM, as espeak-ng writes it. */
export function wavFacts(wav: Buffer): WavFacts {
  const dataAt = wav.indexOf('data', 12);
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || dataAt < 0) throw new Error('not a WAV file');
  const rate = wav.readUInt32LE(24);
  const samples = wav.subarray(dataAt + 8);
  const count = Math.floor(samples.length / 2);
  const quiet = 0.01 * 32768;
  let peak = 0;
  let first = -1;
  let last = -1;
  let longest = 0;
  let quietSince = -1;
  for (let i = 0; i < count; i += 1) {
    const value = Math.abs(samples.readInt16LE(i * 2));
    peak = Math.max(peak, value);
    if (value >= quiet) {
      if (first < 0) first = i;
      if (quietSince >= 0 && last >= 0) longest = Math.max(longest, i - quietSince);
      quietSince = -1;
      last = i;
    } else if (quietSince < 0) quietSince = i;
  }
  return { seconds: count / rate, peak: peak / 32768, longestPauseMs: (longest / rate) * 1000 };
}

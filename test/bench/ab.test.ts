import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../bench/ab';

describe('bench:ab arguments', () => {
  it('takes each variant as a name and the CSS after the first "=", with the run sizes defaulted', () => {
    const options = parseArgs(['--variant=flat=.tile .art{box-shadow:none}', '--variant=square=.art img{border-radius:0}']);
    expect(options.variants).toEqual([
      { name: 'flat', css: '.tile .art{box-shadow:none}' },
      { name: 'square', css: '.art img{border-radius:0}' },
    ]);
    expect(options).toMatchObject({ rate: 4, presses: 320, rounds: 8 });
  });

  it('takes another renderer build as a variant of its own, after the style variants', () => {
    const options = parseArgs(['--renderer=before=/tmp/before/out/renderer', '--variant=flat=.tile .art{box-shadow:none}']);
    expect(options.variants).toEqual([
      { name: 'flat', css: '.tile .art{box-shadow:none}' },
      { name: 'before', css: '', rendererDir: '/tmp/before/out/renderer' },
    ]);
  });

  it('takes a build with voice guidance on, this one as "." or another by its folder', () => {
    const options = parseArgs(['--voice=on=.', '--voice=on-before=/tmp/before/out/renderer']);
    expect(options.variants).toEqual([
      { name: 'on', css: '', rendererDir: undefined, voice: true },
      { name: 'on-before', css: '', rendererDir: '/tmp/before/out/renderer', voice: true },
    ]);
  });

  it('reads the CPU throttle, the presses and the rounds', () => {
    expect(parseArgs(['--variant=a=b', '--rate=6', '--presses=80', '--rounds=4'])).toMatchObject({ rate: 6, presses: 80, rounds: 4, busy: false });
  });

  it('takes the rounds with one core busy on --busy', () => {
    expect(parseArgs(['--variant=a=b', '--busy'])).toMatchObject({ busy: true });
  });

  it('refuses a run with no variant, a variant with no name or nothing after it, and a size that is not a whole number above 0', () => {
    expect(() => parseArgs([])).toThrow(/at least one --variant/);
    expect(() => parseArgs(['--variant==.a{}'])).toThrow(/<name>=<css>/);
    expect(() => parseArgs(['--renderer=before='])).toThrow(/<name>=<dir>/);
    expect(() => parseArgs(['--voice=on'])).toThrow(/<name>=<dir>/);
    expect(() => parseArgs(['--variant=a=b', '--rounds=0'])).toThrow(/--rounds takes a whole number/);
    expect(() => parseArgs(['--variant=a=b', '--rate=fast'])).toThrow(/--rate takes a whole number/);
  });
});

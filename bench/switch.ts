/**
 * Switching members: from one member's Home, "Who's listening?" from the header's avatar, focus onto the other member,
 * then OK → the other member's Home painted, from their cached rows. Two demo members pair once in a fresh data folder
 * (the second from the chooser's "Add a member"), then the runs alternate A → B and B → A. Each switch is paired with
 * one press on the floor page (bench/pages.ts) in the same browser: the empty page's counterpart of a press, the cost
 * of any key press → frame painted on this machine, so the figure is what Tunewall adds to it.
 */
import type { Page } from 'playwright-core';
import { z } from 'zod';
import type { FigureBook } from './figures';
import { log, rowsSettled, sleep, type Bench } from './harness';
import type { PageServer } from './pages';
import { homeShape, homeWalker, movedMs, pressBlock, pressUntil } from './presses';
import { paintedAt, pressAndMeasure, resetMark, shown, viewAt, waitUntil, type PressRecord } from './probe';
import { differences, summarise } from './stats';

/** Switch → the new member's Home painted, p95, over the floor's press → frame painted. */
export const SWITCH_BUDGET_MS = 300;
const MEMBERS = ['member-demo', 'member-hanako'] as const;
/** After a switch, the rows' background refresh from the service (60 ms away) is let finish before the next run. */
const SETTLE_MS = 500;

interface Member {
  name: string;
  /** The chooser's focus key for this member. */
  profile: string;
  /** The focus key of the first tile of their Home's first row (their favourites): no other member's. */
  firstTile: string;
}

const OnScreenSchema = z.object({ name: z.string(), firstTile: z.string() });

/** The member named in Home's header, and the first tile of Home's first row. */
async function onScreen(page: Page): Promise<z.infer<typeof OnScreenSchema>> {
  return OnScreenSchema.parse(
    await page.evaluate(`({
      name: document.querySelector('.member-name')?.textContent ?? '',
      firstTile: document.querySelector('section.row')?.querySelector('.tile[data-focus-key]')?.getAttribute('data-focus-key') ?? '',
    })`),
  );
}

/** Home with its rows settled and focus drawn on a tile. */
async function homeSettled(page: Page): Promise<void> {
  await paintedAt(page, 'home');
  await rowsSettled(page);
  await shown(page, '.tile.is-focused');
}

/** From Home by the remote: up to the header, onto the avatar, OK; "Who's listening?" with focus on a profile. */
async function openChooser(page: Page): Promise<void> {
  await pressUntil(page, 'ArrowUp', (f) => f === 'home-settings' || f === 'home-profile', 20);
  await pressUntil(page, 'ArrowLeft', (f) => f === 'home-profile', 5);
  await pressAndMeasure(page, 'Enter');
  await shown(page, '.chooser .profile.is-focused');
}

/** The pairing code on screen once it is drawn, approved in the bench's sandbox as `memberId`. */
async function approveAs(bench: Bench, page: Page, memberId: string): Promise<void> {
  const code = page.getByTestId('user-code');
  await waitUntil(page, `/^[A-Z]{4}-[A-Z]{4}$/.test(document.querySelector('[data-testid="user-code"]')?.textContent?.trim() ?? '')`);
  const text = (await code.innerText()).trim();
  if (!bench.sb.control.approve(text, memberId)) throw new Error(`The sandbox had no pending code ${text}.`);
}

/** The chooser's focus key for each member's name, read off the chooser on screen. */
async function profileKeys(page: Page): Promise<Map<string, string>> {
  const pairs = z.array(z.tuple([z.string(), z.string()])).parse(
    await page.evaluate(`Array.from(document.querySelectorAll('.chooser .profile-member[data-focus-key]'))
      .map((el) => [el.querySelector('.profile-name')?.textContent ?? '', el.getAttribute('data-focus-key') ?? ''])`),
  );
  return new Map(pairs);
}

/** A fresh data folder: A pairs, then B from the chooser's "Add a member"; both members' rows cached, B on screen. */
async function twoMembers(bench: Bench, page: Page): Promise<[Member, Member]> {
  await approveAs(bench, page, MEMBERS[0]);
  await homeSettled(page);
  const a = await onScreen(page);
  await openChooser(page);
  await pressUntil(page, 'ArrowRight', (f) => f === 'profile-add', 10);
  await pressAndMeasure(page, 'Enter');
  await approveAs(bench, page, MEMBERS[1]);
  await waitUntil(page, `(document.querySelector('.member-name')?.textContent ?? ${JSON.stringify(a.name)}) !== ${JSON.stringify(a.name)}`);
  await homeSettled(page);
  const b = await onScreen(page);
  if (a.firstTile === '' || b.firstTile === '' || a.firstTile === b.firstTile || a.name === b.name) {
    throw new Error(`The two demo members' Homes cannot be told apart (${a.name}: ${a.firstTile}; ${b.name}: ${b.firstTile}).`);
  }
  await openChooser(page);
  const keys = await profileKeys(page);
  // Back: Home again, focus on the avatar.
  await page.keyboard.press('Escape');
  await shown(page, '.home .is-focused');
  const member = (m: typeof a): Member => {
    const profile = keys.get(m.name);
    if (profile === undefined) throw new Error(`No profile named ${m.name} on the chooser.`);
    return { ...m, profile };
  };
  return [member(a), member(b)];
}

/**
 * One switch from the one on screen to `to`: the chooser opened, focus moved onto `to`, the `home` mark reset, OK.
 * Press → Home painted, and whether the frame that painted it already showed `to` (name and first tile).
 */
async function switchTo(page: Page, to: Member, direction: 'ArrowLeft' | 'ArrowRight'): Promise<{ ms: number; theirs: boolean; shown: string }> {
  await page.bringToFront();
  await openChooser(page);
  await pressUntil(page, direction, (f) => f === to.profile, 10);
  await resetMark(page, 'home');
  const press = await pressAndMeasure(page, 'Enter');
  const painted = await paintedAt(page, 'home');
  const view = await viewAt(page, 'home');
  await homeSettled(page);
  await sleep(SETTLE_MS);
  return { ms: painted - press.at, theirs: view.member === to.name && view.key === to.firstTile, shown: `${String(view.member)}: ${String(view.key)}` };
}

export async function switchFigure(bench: Bench, book: FigureBook, pages: PageServer, iterations: number): Promise<void> {
  const shell = await bench.shell({ dataDir: bench.freshDataDir() });
  const { context, page } = await bench.open(shell, { fast: true });
  const [a, b] = await twoMembers(bench, page);
  const floor = await bench.open(undefined, { fast: true, url: pages.url('floor', { shape: await homeShape(page) }) });
  await shown(floor.page, '.is-focused');
  const floorSubject = { page: floor.page, cdp: await floor.context.newCDPSession(floor.page), nextKey: homeWalker(floor.page) };
  const app: number[] = [];
  const empty: number[] = [];
  const notTheirs: string[] = [];
  let on: Member = b;
  for (let i = 0; i < iterations; i++) {
    const to = on === a ? b : a;
    const run = await switchTo(page, to, to === b ? 'ArrowRight' : 'ArrowLeft');
    const floorRecords: PressRecord[] = [];
    await pressBlock(floorSubject, 1, 1, floorRecords);
    const floorMs = movedMs(floorRecords)[0];
    if (floorMs === undefined) throw new Error('A press on the floor page did not move its focus.');
    if (run.theirs) {
      app.push(run.ms);
      empty.push(floorMs);
    } else {
      notTheirs.push(`→ ${to.name}, the frame showed ${run.shown}`);
    }
    log(`switch ${i + 1}/${iterations}: → ${to.name} ${run.ms.toFixed(1)} ms (floor press ${floorMs.toFixed(1)} ms)${run.theirs ? '' : `, NOT their Home: ${run.shown}`}`);
    on = to;
  }
  await floor.context.close();
  await context.close();
  await bench.stop(shell);
  if (app.length === 0) throw new Error(`No switch painted the new member's Home first: ${notTheirs.join('; ')}`);
  book.add({
    id: 'switch-member-home',
    title: "switch member → the new member's Home painted (cached rows), over a press on the floor page",
    unit: 'ms',
    measure: 'over the empty page',
    summary: summarise(differences(app, empty)),
    budget: { max: SWITCH_BUDGET_MS, judged: 'p95' },
    budgetText: `p95 ≤ ${SWITCH_BUDGET_MS} ms over the floor's press → frame painted`,
    detail: { appP95Ms: summarise(app).p95, appMedianMs: summarise(app).median, floorPressMedianMs: summarise(empty).median },
  });
  // Not even a frame of the last member's Home (or of a Home without the new member's own first row) may count.
  book.add({
    id: 'switch-member-wrong-frame',
    title: "switches whose first Home frame was not the new member's (name and first row)",
    unit: 'count',
    measure: 'absolute',
    summary: summarise([notTheirs.length]),
    budget: { max: 0, judged: 'value' },
    budgetText: "0 (the new member's name and favourites in the first frame)",
    detail: notTheirs.length === 0 ? {} : { frames: notTheirs.join('; ') },
  });
}

import { FocusContext, doesFocusableExist, setFocus, useFocusable } from '@noriginmedia/norigin-spatial-navigation';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { GUEST_KEY, MAX_MEMBERS, type HouseholdView, type MemberSummary, type UiError } from '../../../../shared/bridge';
import { Dialog } from '../../components/Dialog';
import { FocusButton } from '../../components/FocusButton';
import { LeaveOnBack, PointerBack } from '../../components/LeaveDialog';
import { errorText } from '../../i18n/errorText';
import { intents } from '../../input/intents';
import { listNavigation } from '../../input/navigation';
import { useApp, useTunewall } from '../../store/context';
import { PinDialog } from './PinDialog';
import { ProfileTile, type ProfileTileProps } from './ProfileTile';
import { usePinGate } from './usePinGate';
import './Chooser.css';

export const CHOOSER_KEY = 'chooser';
const ROW_KEY = 'chooser-profiles';
const MANAGE_KEY = 'chooser-manage';
export const ADD_KEY = 'profile-add';

export function profileFocusKey(key: string): string {
  return `profile:${key}`;
}

type Tile = Omit<ProfileTileProps, 'label' | 'onSelect'> & { key: string; member: MemberSummary | undefined };

/** The chooser's tiles: the members, the guest last, then "Add a member" while there is room (not when signing out). */
function tilesOf(t: TFunction, household: HouseholdView, signingOut: boolean): Tile[] {
  const tiles: Tile[] = household.members.map((member) => ({
    key: member.key,
    focusKey: profileFocusKey(member.key),
    name: member.name || t('household.unnamed'),
    images: member.images,
    badges: [...(member.child ? [t('household.child')] : []), ...(member.needsPairing ? [t('household.signInAgain')] : [])],
    kind: 'member',
    marked: signingOut,
    member,
  }));
  if (signingOut) return tiles;
  if (household.guest.available) {
    tiles.push({
      key: GUEST_KEY,
      focusKey: profileFocusKey(GUEST_KEY),
      name: t('household.guest'),
      images: [],
      badges: household.guest.child ? [t('household.child')] : [],
      kind: 'guest',
      member: undefined,
    });
  }
  if (household.members.length < MAX_MEMBERS) {
    tiles.push({ key: ADD_KEY, focusKey: ADD_KEY, name: t('household.add'), images: [], badges: [], kind: 'add', member: undefined });
  }
  return tiles;
}

/** The row of profiles, inside the screen's focus context: Left and Right go along it by order, Down leaves it. */
function ProfileRow({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  const resolver = useMemo(() => listNavigation('horizontal', () => keys), [keys]);
  const { ref, focusKey } = useFocusable({ focusKey: ROW_KEY, trackChildren: true, saveLastFocusedChild: true, nextFocusResolver: resolver });
  return (
    <FocusContext.Provider value={focusKey}>
      <div ref={ref} className="profiles" role="group" aria-labelledby="chooser-title">
        {children}
      </div>
    </FocusContext.Provider>
  );
}

/**
 * "Who's listening?": shown at start when several members are signed in (`root`), and over any screen from the header's
 * avatar. One press on a name puts them on screen; signing one out is a mode of its own ("Sign out a member", as TV
 * apps' "Manage profiles"), so the row stays one tile per person and a stray OK never signs anyone out.
 */
export function Chooser({ root }: { root: boolean }) {
  const { t } = useTranslation();
  const { bridge, nav } = useTunewall();
  const household = useApp((s) => s.state?.household);
  const [signingOut, setSigningOut] = useState(false);
  const [confirm, setConfirm] = useState<MemberSummary | undefined>(undefined);
  const [pinFor, setPinFor] = useState<string | undefined>(undefined);
  const [error, setError] = useState<UiError | undefined>(undefined);
  const gate = usePinGate();
  const report = (result: { ok: true } | { ok: false; error: UiError }): void => setError(result.ok ? undefined : result.error);

  const tiles = useMemo(() => (household === undefined ? [] : tilesOf(t, household, signingOut)), [t, household, signingOut]);
  const tileKeys = useMemo(() => tiles.map((tile) => tile.focusKey), [tiles]);
  const screenResolver = useMemo(() => listNavigation('vertical', () => [ROW_KEY, MANAGE_KEY]), []);
  const { ref, focusKey } = useFocusable({ focusKey: CHOOSER_KEY, trackChildren: true, nextFocusResolver: screenResolver });

  // Focus starts on the one chosen last; in and out of sign-out mode, on the first member.
  const start = household?.lastChosen;
  useEffect(() => {
    const first = tileKeys[0];
    // Back from Add a member: on "Add a member" again.
    // Only that: the entry also remembers wherever focus first lands as the chooser mounts, which is not a choice.
    const backFromAdding = !signingOut && nav.getState().stack.at(-1)?.focusKey === ADD_KEY && tileKeys.includes(ADD_KEY);
    const wanted = backFromAdding ? ADD_KEY : !signingOut && start !== undefined ? profileFocusKey(start) : first;
    if (wanted === undefined) return undefined;
    const fallback = first ?? MANAGE_KEY;
    if (doesFocusableExist(wanted)) {
      void setFocus(wanted);
      return undefined;
    }
    // Opened over Home, the tiles register a frame after this screen mounts: focus waits for them, not for the first.
    const frame = requestAnimationFrame(() => void setFocus(doesFocusableExist(wanted) ? wanted : fallback));
    return () => cancelAnimationFrame(frame);
    // On arrival and on changing mode only: a member signed out or added keeps focus where the person is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signingOut]);

  // Back leaves sign-out mode first; from the header's avatar it returns where the person was (Home's own Back asks
  // before leaving the app, as LeaveOnBack does on the chooser at start).
  useEffect(() => {
    if (signingOut) return intents.on('back', () => setSigningOut(false));
    if (!root) return intents.on('back', () => void nav.getState().pop());
    return undefined;
  }, [signingOut, root, nav]);

  if (household === undefined) return null;

  const choose = (key: string): void => {
    void bridge.chooseProfile(key).then((result) => {
      if (result.ok) return;
      // Leaving a child's profile: the PIN, then the same choice again with it.
      if (result.error.messageKey === 'household.pinNeeded') setPinFor(key);
      else setError(result.error);
    });
  };
  const select = (tile: Tile): void => {
    setError(undefined);
    if (tile.key === ADD_KEY) {
      gate.guard((pin) => bridge.addMember(pin), report);
    } else if (signingOut) {
      setConfirm(tile.member);
    } else if (!root && tile.key === household.active) {
      nav.getState().pop();
    } else {
      choose(tile.key);
    }
  };
  const count = tiles.length;
  const members = household.members.length;

  return (
    <FocusContext.Provider value={focusKey}>
      <main ref={ref} className="screen chooser" aria-labelledby="chooser-title">
        {!root && <PointerBack />}
        <h1 id="chooser-title" className="chooser-title">
          {signingOut ? t('household.signOutTitle') : t('household.title')}
        </h1>
        <p className="chooser-hint">{signingOut ? t('household.signOutHint') : ' '}</p>
        <ProfileRow keys={tileKeys}>
          {tiles.map((tile, index) => (
            <ProfileTile
              key={tile.focusKey}
              focusKey={tile.focusKey}
              name={tile.name}
              images={tile.images}
              badges={tile.badges}
              kind={tile.kind}
              marked={tile.marked}
              label={[signingOut ? t('household.signOutName', { name: tile.name }) : tile.name, ...tile.badges, t('a11y.position', { index: index + 1, count })].join(', ')}
              onSelect={() => select(tile)}
            />
          ))}
        </ProfileRow>
        <p className="chooser-error" role="status">
          {error !== undefined ? errorText(t, error) : ''}
        </p>
        {members > 0 && (
          <div className="chooser-actions">
            <FocusButton focusKey={MANAGE_KEY} onSelect={() => setSigningOut((on) => !on)}>
              {signingOut ? t('household.done') : t('household.signOutMember')}
            </FocusButton>
          </div>
        )}
        {root && !signingOut && <LeaveOnBack />}
        {confirm !== undefined && (
          <Dialog focusKey="member-sign-out-dialog" title={t('household.signOutConfirm', { name: confirm.name })} initialFocusKey="member-sign-out-cancel" onClose={() => setConfirm(undefined)}>
            <p className="dialog-text">{t('household.signOutKeeps')}</p>
            <div className="dialog-actions">
              <FocusButton focusKey="member-sign-out-cancel" className="btn-primary" onSelect={() => setConfirm(undefined)}>
                {t('common.cancel')}
              </FocusButton>
              <FocusButton
                focusKey="member-sign-out-confirm"
                onSelect={() => {
                  setConfirm(undefined);
                  if (household.members.length <= 1) setSigningOut(false);
                  gate.guard((pin) => bridge.signOutMember(confirm.key, pin), report);
                }}
              >
                {t('household.signOut')}
              </FocusButton>
            </div>
          </Dialog>
        )}
        {gate.dialog}
        {pinFor !== undefined && (
          <PinDialog
            title={t('household.pinTitle')}
            onSubmit={(pin) => bridge.chooseProfile(pinFor, pin)}
            onDone={() => setPinFor(undefined)}
            onCancel={() => setPinFor(undefined)}
          />
        )}
      </main>
    </FocusContext.Provider>
  );
}

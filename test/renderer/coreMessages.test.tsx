// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { shellConnection } from '../../renderer/src/transport/connection';
import { renderApp } from './helpers';

afterEach(() => cleanup());

describe('messages from the main process, in the UI language', () => {
  it('the denial on the pairing screen', async () => {
    renderApp({ scenario: 'denied', language: 'zh-Hant' });
    expect(await screen.findByText('登入要求在另一台裝置上被拒絕了。按 OK 取得新代碼。')).toBeTruthy();
  });

  it('why the sign-in stays in memory, in Settings', async () => {
    renderApp({ scenario: 'home', language: 'ja', screens: [{ name: 'settings' }] });
    expect(await screen.findByText(/^理由：このシステムにはサインイン情報を守るキーリングがないため/)).toBeTruthy();
    expect(screen.queryByText(/has no keyring/)).toBeNull();
  });

  it('a row that did not load', async () => {
    const { fake } = renderApp({ scenario: 'row-error', language: 'ja' });
    expect(await screen.findByText('Tunewall から音楽サービスに接続できません。ネットワーク接続を確認してください。')).toBeTruthy();
    await act(async () => fake.setState({ language: 'zh-Hant' }));
    expect(await screen.findByText('Tunewall 無法連線到音樂服務。請檢查網路連線。')).toBeTruthy();
  });

  it('configuration problems, with their fixes: the first below Home, all of them in Settings', async () => {
    renderApp({ scenario: 'config', language: 'zh-Hant' });
    const notice = await screen.findByRole('alert', { name: '設定有問題' });
    expect(notice.textContent).toContain('TUNEWALL_API_URL 不是網址；改用預設值。');
    expect(notice.textContent).toContain('解決方法：請用 https://主機 的形式填寫音樂目錄 API 的位址');
    expect(notice.textContent).toContain('（還有 1 個，列在設定中）');
    cleanup();

    renderApp({ scenario: 'config', language: 'zh-Hant', screens: [{ name: 'settings' }] });
    const list = await screen.findByRole('alert', { name: '設定有問題' });
    expect(list.textContent).toContain('TUNEWALL_API_URL 不是網址；改用預設值。');
    expect(list.textContent).toContain('TUNEWALL_TERRITORY 不是可接受的值；改用預設值。');
    expect(list.textContent).toContain('解決方法：請使用 TW, HK, SG, MY, JP 其中之一。');
    expect(list.textContent).not.toMatch(/using|Use one/);
  });

  it('keeps the English words when a message has no translation', async () => {
    const { fake } = renderApp({ scenario: 'home', language: 'ja', screens: [{ name: 'settings' }] });
    await act(async () => fake.setState({ storage: { protection: 'memory', reason: 'A reason from a newer core.', reasonKey: 'storage.fromTheFuture' } }));
    expect(await screen.findByText('理由：A reason from a newer core.')).toBeTruthy();
  });
});

describe('when the kiosk shell stops', () => {
  it('says Tunewall’s service stopped and is reconnecting, in the UI language, and stops saying it once back', async () => {
    renderApp({ scenario: 'home', language: 'ja' });
    await screen.findByRole('region', { name: 'チャート' });
    await act(async () => shellConnection.setState({ lost: true }));
    expect(await screen.findByText('Tunewall のサービスが停止しました — 再接続しています…')).toBeTruthy();
    await act(async () => shellConnection.setState({ lost: false }));
    expect(screen.queryByText(/サービスが停止しました/)).toBeNull();
  });
});

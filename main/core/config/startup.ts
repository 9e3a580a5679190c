/**
 * The configuration a core starts with: settings from flags, environment and file (problems logged and kept for the
 * screen), and the embedded sandbox when no credentials are configured.
 */
import type { ConfigProblem } from '../../../shared/bridge';
import type { AppCoreDeps } from '../appCore';
import type { TunewallConfig } from './config';
import { configFilePath, loadConfig, readConfigFile } from './load';
import { configProblem } from './problems';
import type { SandboxEndpoints } from './service';

/** A running embedded sandbox, as much of it as the core needs. */
export interface EmbeddedSandbox extends SandboxEndpoints {
  origin: string;
  close(): Promise<void>;
}

export type StartupDeps = Pick<AppCoreDeps, 'env' | 'argv' | 'userDataDir' | 'logger' | 'startSandbox' | 'readFile'>;

export interface Configuration {
  config: TunewallConfig;
  problems: ConfigProblem[];
  sandbox: EmbeddedSandbox | undefined;
}

export async function loadConfiguration(deps: StartupDeps): Promise<Configuration> {
  const { logger } = deps;
  const path = configFilePath({ env: deps.env, argv: deps.argv, userDataDir: deps.userDataDir });
  const { config, problems } = loadConfig({ env: deps.env, argv: deps.argv, ...readConfigFile(path, deps.readFile) });
  for (const problem of problems) logger.warn('config problem', { key: problem.key, message: problem.message });
  if (!config.service.useSandbox) return { config, problems, sandbox: undefined };
  try {
    const sandbox = await deps.startSandbox();
    logger.info('no credentials configured: using the embedded sandbox', { origin: sandbox.origin });
    return { config, problems, sandbox };
  } catch (error) {
    logger.error('the embedded sandbox did not start', { error: String(error) });
    problems.push(configProblem('clientId', 'sandboxFailed', 'sandboxFailed'));
    return { config, problems, sandbox: undefined };
  }
}

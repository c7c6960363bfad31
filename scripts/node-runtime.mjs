// Every root command runs on the Node.js version pinned in `.node-version` (Node 24 LTS). On a machine
// whose Node is older, the pinned Node is fetched once from the npm registry (the `node` package, which
// ships the binary inside its platform package) into `.node/`, and the command re-runs itself under it.
// Uses nothing but Node's standard library: it runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PINNED_NODE = readFileSync(join(root, '.node-version'), 'utf8').trim();
const major = (version) => Number(version.replace(/^v/, '').split('.')[0]);

const prefix = join(root, '.node');
const binDir = join(prefix, 'node_modules', 'node', 'bin');
const binary = join(binDir, 'node');

function platformPackage() {
  const platform = process.platform === 'win32' ? 'win' : process.platform;
  const arch = process.arch;
  return `${platform === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node'}-${platform}-${arch}@${PINNED_NODE}`;
}

function npmInstall(spec) {
  return spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', spec],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  ).status;
}

function installPinnedNode() {
  console.log(
    `Fetching Node ${PINNED_NODE} from the npm registry into .node/ (once). npm 11.16+ may warn that node@${PINNED_NODE}'s install script is "not yet covered by allowScripts": that script only links the Node binary, and nothing else is installed.`,
  );
  // The `node` package's preinstall installs the platform package and links its binary into bin/.
  if (npmInstall(`node@${PINNED_NODE}`) === 0 && existsSync(binary)) return binary;
  // Where install scripts are not run, the platform package itself carries the same binary.
  const direct = join(prefix, 'node_modules', platformPackage().replace(/@[^@]+$/, ''), 'bin', 'node');
  if (npmInstall(platformPackage()) === 0 && existsSync(direct)) return direct;
  console.error(
    `Could not install Node ${PINNED_NODE} from the npm registry; install Node ${major(PINNED_NODE)} yourself.`,
  );
  process.exit(1);
}

/**
 * Re-runs the current command under the pinned Node when this one is older than its major version, and
 * never returns then (the process exits with the child's code). Children find the same Node first on PATH.
 */
export async function ensurePinnedNode() {
  if (major(process.version) >= major(PINNED_NODE)) return;
  const reuse = existsSync(binary) && spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  const node = reuse === `v${PINNED_NODE}` ? binary : installPinnedNode();
  console.log(
    `Node ${process.version} is older than ${major(PINNED_NODE)}: running under Node ${PINNED_NODE} from the npm registry (.node/).`,
  );
  const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` };
  const child = spawn(node, process.argv.slice(1), { stdio: 'inherit', env });
  // Ctrl-C reaches the child through the terminal's process group; a SIGTERM sent to us is passed on.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  await new Promise(() => {
    child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  });
}

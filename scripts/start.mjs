// `npm start`: install if needed, build, start every service on its default port, stop on Ctrl-C.
import { build, ensureInstalled, services, spawnService } from './workspace.mjs';

ensureInstalled();
build();

const children = services().map((service) => {
  const child = spawnService(service);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${service.name} exited (${signal ?? code}); stopping the others.`);
      stop(1);
    }
  });
  return { service, child };
});

console.log('\nServices:');
for (const { service } of children) {
  console.log(
    `  ${service.name.padEnd(16)} http://127.0.0.1:${service.port}${service.basePath ?? ''}/  (docs: ${service.basePath ?? ''}/docs)`,
  );
}
console.log('\nPress Ctrl-C to stop.\n');

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  let left = children.length;
  if (left === 0) process.exit(code);
  for (const { child } of children) {
    child.once('exit', () => {
      if (--left === 0) process.exit(code);
    });
    child.kill('SIGTERM');
  }
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

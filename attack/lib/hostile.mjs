// Hostile clients II, the reproducers every service shares: answers that could outgrow the input
// (a batch of 22,000 tools/list, a batch of notifications), key guessing, a preflight fishing for an
// echo, and log lines a batch could inflate. Each returns { check, requests, violations, worst_ms }.

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

async function timed(fetchIt) {
  const started = performance.now();
  const response = await fetchIt();
  const text = await response.text();
  return { response, text, ms: performance.now() - started };
}

export async function hostile(server, found) {
  const violations = [];
  let requests = 0;
  let worst = 0;
  const mcp = (body) =>
    timed(() =>
      fetch(`${server.origin}${found.mcpPath}`, {
        method: 'POST',
        headers: MCP_HEADERS,
        body: JSON.stringify(body),
      }),
    ).then((result) => {
      requests++;
      worst = Math.max(worst, result.ms);
      return result;
    });

  // 1. Amplification: a 1 MiB batch of 22,000 tools/list is refused whole, at once, in a few hundred bytes.
  const lists = Array.from({ length: 22_000 }, (_, id) => ({ jsonrpc: '2.0', id, method: 'tools/list' }));
  const amplified = await mcp(lists);
  if (amplified.response.status !== 400 || !amplified.text.includes('batch_too_large'))
    violations.push(
      `a batch of 22,000 tools/list: ${amplified.response.status}, ${amplified.text.length} bytes`,
    );
  else if (amplified.text.length > 2_000 || amplified.ms > 2_000)
    violations.push(
      `a batch of 22,000 tools/list refused in ${Math.round(amplified.ms)} ms, ${amplified.text.length} bytes`,
    );

  // 2. A batch of notifications runs nothing (a tools/call without an id is not executed): 202, no tool logged.
  const tool = found.tools[0];
  if (tool !== undefined) {
    const before = server.logs.length;
    const notes = Array.from({ length: 100 }, () => ({
      jsonrpc: '2.0',
      method: 'tools/call',
      params: { name: tool.name, arguments: tool.example },
    }));
    const silent = await mcp(notes);
    if (silent.response.status !== 202)
      violations.push(`a batch of notifications: ${silent.response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (server.logs.slice(before).some((line) => line.includes('"tool":')))
      violations.push('a batch of notifications ran a tool');

    // 3. One batch of 100 calls logs one bounded line.
    const mark = server.logs.length;
    const calls = Array.from({ length: 100 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: tool.name, arguments: tool.example },
    }));
    await mcp(calls);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const longest = Math.max(0, ...server.logs.slice(mark).map((line) => line.length));
    if (longest > 1_000) violations.push(`a batch of 100 calls logged a line of ${longest} characters`);
  }

  // 4. Key guessing costs the guesser: after 10 unknown keys a minute, 429 instead of 401. The MCP
  // endpoint checks the key of every message (a ping spends no token).
  const statuses = [];
  for (let i = 0; i < 15; i++) {
    const answer = await timed(() =>
      fetch(`${server.origin}${found.mcpPath}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer sk_guess_${i}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      }),
    );
    requests++;
    statuses.push(answer.response.status);
  }
  const limitedAt = statuses.indexOf(429);
  if (statuses.slice(0, 10).some((status) => status !== 401) || limitedAt !== 10)
    violations.push(`15 unknown keys from one client answered ${statuses.join(',')}`);

  // 5. A preflight never echoes the request headers it was asked for.
  const preflight = await fetch(`${server.origin}${found.mcpPath}`, {
    method: 'OPTIONS',
    headers: {
      origin: 'https://app.example.com',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'x-evil-anything, <script>',
    },
  });
  requests++;
  const allowed = preflight.headers.get('access-control-allow-headers') ?? '';
  if (/evil|script/i.test(allowed)) violations.push(`a preflight echoed its request headers: ${allowed}`);

  return {
    check: 'hostile clients II (amplification, notifications, log lines, keys, CORS)',
    requests,
    violations,
    worst_ms: worst,
  };
}

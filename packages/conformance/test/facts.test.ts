// Facts from the data: what the service descriptions, the MCP instructions, the
// READMEs' one-line summaries and the root README's table say is tested against the operation list and
// the services' own tables, so that a new tool, platform, algorithm or format cannot be left out of them.
//
// The rules, for every built service:
// (a) Tools. Every MCP tool (an operation with `mcp !== false`, named `mcpName ?? name`) is named in
//     backticks (`tool_name`) in the MCP instructions (initialize's `instructions`) and in the lead of
//     the service README (the text before its first `## ` heading).
// (b) Summaries. The root README's row of the service is
//     `| <letter> | [`services/<dir>`](services/<dir>) — <summary> | <port> | <base path> | <status> |`;
//     <summary> is, character for character, the one-line summary of the service README's title
//     (`# <dir> — <summary>`), and port and base path are the package manifest's (`service`). The lead of
//     the service README states the manifest's version and port. The terms of the service's own tables
//     listed in TERMS below (symbologies, algorithms, methods, providers, prediction models) each appear,
//     case-insensitively, in the summary, in the README's opening paragraph (the first after the title)
//     and in the service description (OpenAPI `info.description`); and where a family of names is
//     listed in STRAY, no other member of that family appears there (no "SHA-2" for a service whose
//     algorithms are sha-256 and sha3-256).
// (c) Counts. Every count that COUNTS knows ("25 platforms", "19-model", "thirteen calculations", "five
//     CSV formats", "N tools"), written in digits or in words, in the description, the instructions, the
//     operations' summaries and descriptions, the summary and the README lead equals the data; and the
//     places COUNTS names must state it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  type BuiltService,
  type Json,
  mcpCall,
  repoRoot,
  services,
  servicesDir,
} from './helpers/services.js';

type Place = 'description' | 'summary' | 'opening' | 'lead';

interface Count {
  /** What is counted, with the number in its first group. */
  pattern: RegExp;
  expected: number;
  /** Where the count must be stated (it is checked wherever it appears). */
  stated: Place[];
}

interface Terms {
  /** The terms of one of the service's tables; each appears in the summary, the opening and the description. */
  terms: string[];
  /** The family the terms belong to: any member of it found there must be one of the terms. */
  stray?: RegExp;
}

/** A service's own domain module, from its build (the module instance its app uses). */
// biome-ignore lint/suspicious/noExplicitAny: each service's domain exports its own tables
async function domainOf(dir: string): Promise<Record<string, any>> {
  return import(pathToFileURL(join(servicesDir, dir, 'dist', 'domain', 'index.js')).href);
}

const tools = (service: BuiltService): string[] =>
  service.operations.filter((op) => op.mcp !== false).map((op) => op.mcpName ?? op.name);

/** What the prediction tool of E answers with: the names of its models, from a real answer. */
function predictionModels(service: BuiltService): string[] {
  const predict = service.operations.find((op) => (op.mcpName ?? op.name) === 'predict_race_time');
  const output = (predict?.example?.output as (() => Json) | undefined)?.();
  return Object.keys(output?.predictions ?? {});
}

async function factsOf(service: BuiltService): Promise<{ counts: Count[]; terms: Terms[] }> {
  const toolCount: Count = {
    pattern: /\b([\w-]+) (?:MCP )?tools\b/gi,
    expected: tools(service).length,
    stated: [],
  };
  switch (service.dir) {
    case 'a-webhook': {
      const { PLATFORMS } = await domainOf(service.dir);
      return {
        counts: [
          toolCount,
          {
            pattern: /\b([\w-]+) (?:supported |webhook )?platforms\b/gi,
            expected: PLATFORMS.length,
            stated: ['description', 'summary', 'opening'],
          },
        ],
        // The platforms by name are checked in the opening alone (below): the summary gives their count.
        terms: [],
      };
    }
    case 'b-token-budget': {
      const { MODELS } = await domainOf(service.dir);
      return {
        counts: [
          toolCount,
          {
            pattern: /\b([\w-]+?)-model\b/gi,
            expected: MODELS.length,
            stated: ['description', 'summary', 'opening'],
          },
        ],
        terms: [],
      };
    }
    case 'd-barcode': {
      const { BARCODE_TYPES, RENDER_OPTIONS } = await domainOf(service.dir);
      return {
        counts: [toolCount],
        terms: [
          {
            terms: Object.values(BARCODE_TYPES as Record<string, { name: string }>).map((type) => type.name),
          },
          { terms: (RENDER_OPTIONS.output.values as string[]).map((kind) => kind.toUpperCase()) },
        ],
      };
    }
    case 'e-pace':
      return {
        counts: [
          toolCount,
          { pattern: /\b([\w-]+) calculations\b/gi, expected: service.operations.length, stated: ['lead'] },
        ],
        terms: [{ terms: predictionModels(service) }],
      };
    case 'f-crypto-tax': {
      const { CSV_FORMATS, METHOD_IDS } = await domainOf(service.dir);
      return {
        counts: [
          toolCount,
          {
            pattern: /\b([\w-]+) CSV (?:export )?formats\b/gi,
            expected: CSV_FORMATS.length,
            stated: ['description', 'summary', 'opening'],
          },
        ],
        terms: [{ terms: METHOD_IDS, stray: /\b[A-Z]IFO\b/gi }],
      };
    }
    case 'g-canonical': {
      const { DIGEST_ALGORITHMS, JWS_ALGORITHMS } = await domainOf(service.dir);
      return {
        counts: [toolCount],
        terms: [
          { terms: DIGEST_ALGORITHMS, stray: /\b(?:sha3?-\d+|sha-?[23]|blake\d*|md5)\b/gi },
          { terms: JWS_ALGORITHMS, stray: /\b(?:EdDSA|[HRPE]S\d{3})\b/gi },
        ],
      };
    }
    case 'h-payload': {
      const { PROVIDERS } = await domainOf(service.dir);
      return { counts: [toolCount], terms: [{ terms: PROVIDERS }] };
    }
    default:
      return { counts: [toolCount], terms: [] };
  }
}

const WORDS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(
    ' ',
  );
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** "25", "five", "twenty-five" → the number; anything else → undefined (not a count). */
function numberOf(text: string): number | undefined {
  const word = text.toLowerCase();
  if (/^\d+$/.test(word)) return Number(word);
  if (WORDS.includes(word)) return WORDS.indexOf(word);
  const [tens, unit] = word.split('-');
  const ten = TENS.indexOf(tens!);
  if (ten < 2) return undefined;
  if (unit === undefined) return ten * 10;
  const one = WORDS.indexOf(unit);
  return one >= 1 && one <= 9 ? ten * 10 + one : undefined;
}

const rootReadme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

interface Texts {
  description: string;
  instructions: string;
  operations: string;
  title: string;
  summary: string;
  row: string;
  opening: string;
  lead: string;
}

async function textsOf(service: BuiltService): Promise<Texts> {
  const document = (await (await service.app.request(`${service.basePath}/openapi.json`)).json()) as Json;
  const initialize = await mcpCall(service, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'facts', version: '1.0.0' },
  });
  const readme = readFileSync(join(servicesDir, service.dir, 'README.md'), 'utf8');
  const title = readme.slice(0, readme.indexOf('\n'));
  const lead = readme.slice(title.length, readme.search(/^## /m) === -1 ? undefined : readme.search(/^## /m));
  const opening = lead
    .trim()
    .split(/\n\s*\n/)[0]!
    .replace(/\s*\n\s*/g, ' ');
  const letter = service.dir[0]!.toUpperCase();
  const row =
    rootReadme.split('\n').find((line) => line.startsWith(`| ${letter} | [\`services/${service.dir}\`]`)) ??
    '';
  return {
    description: document.info.description as string,
    instructions: (initialize.instructions as string | undefined) ?? '',
    operations: service.operations
      .map((op) => [op.summary, op.description, op.toolDescription].filter(Boolean).join('\n'))
      .join('\n'),
    title,
    summary: title.split(' — ').slice(1).join(' — '),
    row,
    opening,
    lead: lead.replace(/\s*\n\s*/g, ' '),
  };
}

const loaded = await Promise.all(
  services.map(async (service) => ({
    service,
    texts: await textsOf(service),
    facts: await factsOf(service),
    manifest: JSON.parse(readFileSync(join(servicesDir, service.dir, 'package.json'), 'utf8')),
  })),
);

describe.each(loaded.map((entry) => ({ ...entry, name: entry.service.dir })))(
  '$name',
  ({ service, texts, facts, manifest }) => {
    it('(a) names every MCP tool, in backticks, in its MCP instructions and in its README lead', () => {
      expect(tools(service).length).toBeGreaterThan(0);
      for (const tool of tools(service)) {
        expect(texts.instructions, `MCP instructions name \`${tool}\``).toContain(`\`${tool}\``);
        expect(texts.lead, `README lead names \`${tool}\``).toContain(`\`${tool}\``);
      }
    });

    it('(b) has a README title `# <dir> — <summary>` whose summary is the root README row, port and base path as the manifest says', () => {
      expect(texts.title).toMatch(new RegExp(`^# ${service.dir} — \\S`));
      const cells = texts.row.split(' | ');
      expect(texts.row, 'the root README has a row for the service').not.toBe('');
      expect(cells[1]).toBe(`[\`services/${service.dir}\`](services/${service.dir}) — ${texts.summary}`);
      expect(cells[2]).toBe(String(manifest.service.port));
      expect(cells[3]).toBe(`\`${manifest.service.basePath || '/'}\``);
    });

    it("(b) states the manifest's version and port in its README lead", () => {
      expect(texts.lead).toContain(`version ${manifest.version}`);
      expect(texts.lead).toContain(`port **${manifest.service.port}**`);
    });

    it("(b) names its tables' terms in the summary, the README opening and the description, and no others of their kind", () => {
      const places = { summary: texts.summary, opening: texts.opening, description: texts.description };
      for (const { terms, stray } of facts.terms) {
        expect(terms.length).toBeGreaterThan(0);
        for (const [place, text] of Object.entries(places)) {
          for (const term of terms)
            expect(text.toLowerCase(), `${place} names ${term}`).toContain(term.toLowerCase());
          for (const found of stray === undefined ? [] : text.matchAll(stray)) {
            expect(
              terms.map((term) => term.toLowerCase()),
              `${place} names ${found[0]}, which the service does not have`,
            ).toContain(found[0].toLowerCase());
          }
        }
      }
    });

    it('(c) states every count as the data has it', () => {
      const places: Record<Place | 'instructions' | 'operations', string> = {
        description: texts.description,
        instructions: texts.instructions,
        operations: texts.operations,
        summary: texts.summary,
        opening: texts.opening,
        lead: texts.lead,
      };
      for (const { pattern, expected, stated } of facts.counts) {
        for (const [place, text] of Object.entries(places)) {
          const counts = [...text.matchAll(pattern)]
            .map((match) => ({ text: match[0], value: numberOf(match[1]!) }))
            .filter((count) => count.value !== undefined);
          for (const count of counts) expect(count.value, `${place}: "${count.text}"`).toBe(expected);
          if (stated.includes(place as Place))
            expect(counts.length, `${place} states the count of ${pattern.source}`).toBeGreaterThan(0);
        }
      }
    });
  },
);

it("A's README opening names every platform of its table", async () => {
  const a = loaded.find((entry) => entry.service.dir === 'a-webhook');
  expect(a).toBeDefined();
  const { PLATFORMS } = await domainOf('a-webhook');
  const opening = a!.texts.opening.toLowerCase();
  for (const { name } of PLATFORMS as Array<{ name: string }>) {
    expect(
      opening.includes(name) || opening.includes(name.replace(/-/g, ' ')),
      `the opening names ${name}`,
    ).toBe(true);
  }
});

it('reads counts written in digits or words', () => {
  expect([
    numberOf('25'),
    numberOf('five'),
    numberOf('Thirteen'),
    numberOf('twenty-five'),
    numberOf('the'),
  ]).toEqual([25, 5, 13, 25, undefined]);
});

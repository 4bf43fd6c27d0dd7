/**
 * The map on real third-party code, measured per language: recall against universal-ctags,
 * tokens (o200k) per region as a model reads it, the whole map's tokens against a bare ctags
 * listing of the same file (`name kind line` for every tag ctags gives; also against the listing
 * of only the declarations recall counts), and the tokens
 * a model spends to reach one function past 40% of a file against reading the whole file numbered
 * and against paging through it 200 lines at a time: the guarded flow (a 200-line first read with
 * the map, then the region) and map-first (the whole map, then the region), each beside the same
 * flow with the ctags listing in place of the map, and the guarded flow with no map at all (what
 * no map can beat: the first read's 200 lines). Reach is measured on files the guard shortens
 * (over 200 lines).
 *
 * The files come from npm packages the project installs, and the npm packages (test/corpus.json) and
 * Debian packages that scripts/setup-bench-corpus.sh installs; a file that is not there is left out,
 * and said so.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { encode } from 'gpt-tokenizer';
import { cappedNotice } from '../../src/core/guard/notice';
import { mapHeader, renderMap } from '../../src/core/map/render';
import { MapEntry, Region } from '../../src/core/map/types';
import { splitLines } from '../../src/core/files/readSource';
import { structuralMap } from '../../src/core/structural/mapper';
import { corpusPath } from '../support/corpus';
import { OUTSIDE } from './outside';
import { implType, lastPart } from './names';
import { ctagsTags, Declaration, goAst, keywordDeclarations, pythonAst, rubyRipper, typescriptNavigation } from './references';

const ROOT = path.resolve(__dirname, '../../..');
const npm = (file: string) => path.join(ROOT, 'node_modules', file);

/**
 * One language's files and how their declarations are found: ctags' parser for the language and
 * the kinds of its tags that are declarations a map should locate (and, where ctags' parser reads
 * other things as declarations, the names a declaration can have); or, where ctags has no parser,
 * declaration keyword patterns (references.ts). `second` names a real parser of the language to
 * count declarations with too.
 */
export interface LanguageSpec {
  language: string;
  ctags?: string;
  keywords?: RegExp[];
  kinds: string[];
  names?: RegExp;
  /** A file without an extension (a sourced shell library) is named by the language it is in. */
  extension?: string;
  /** Source lines whose tags ctags' parser makes of something that declares nothing (Kotlin's lambda parameters, `{ err ->`). */
  notOn?: RegExp;
  /** Lines of text, not code (Elixir's @moduledoc and @doc heredocs, whose examples ctags reads as declarations). */
  textLines?: (lines: string[]) => Set<number>;
  /** The name a tag's own source line gives it, where ctags' parser names it by something else on the line. */
  nameOnLine?: (tag: Declaration, line: string) => string;
  second?: SecondReference;
}

/** The real parsers a second reference comes from. */
export type SecondReference = 'typescript' | 'python' | 'ruby' | 'go';
export const SECOND_NAMES: Record<SecondReference, string> = {
  typescript: "TypeScript's navigation tree",
  python: "Python's ast",
  ruby: "Ruby's Ripper",
  go: "Go's go/ast",
};

export const CORPUS: (LanguageSpec & { files: string[] })[] = [
  {
    language: 'javascript',
    ctags: 'JavaScript',
    kinds: ['function', 'class', 'method', 'generator'],
    files: [corpusPath('underscore', 'underscore-umd.js'), npm('mocha/lib/runner.js'), '/usr/share/javascript/jquery/jquery.js'],
  },
  {
    language: 'typescript',
    ctags: 'TypeScript',
    kinds: ['function', 'class', 'interface', 'enum', 'method', 'namespace'],
    files: [
      corpusPath('@azure/msal-common', 'src/cache/CacheManager.ts'),
      corpusPath('@azure/msal-common', 'src/authority/Authority.ts'),
      npm('gpt-tokenizer/src/GptEncoding.ts'),
    ],
  },
  {
    language: 'python',
    ctags: 'Python',
    kinds: ['class', 'function', 'member'],
    files: ['/usr/lib/python3.11/http/server.py', '/usr/lib/python3.11/argparse.py', '/usr/lib/python3.11/json/decoder.py'],
  },
  {
    language: 'go',
    ctags: 'Go',
    kinds: ['func', 'struct', 'interface', 'type', 'talias'],
    files: ['/usr/share/go-1.19/src/net/http/server.go', '/usr/share/go-1.19/src/encoding/json/decode.go', '/usr/share/go-1.19/src/sort/sort.go'],
  },
  {
    language: 'c',
    ctags: 'C',
    kinds: ['function', 'struct', 'union', 'enum', 'typedef'],
    files: ['/usr/share/go-1.19/src/runtime/cgo/gcc_libinit.c', '/usr/share/doc/zlib1g-dev/examples/gun.c', '/usr/share/doc/zlib1g-dev/examples/gzlog.c'],
  },
  {
    language: 'cpp',
    ctags: 'C++',
    kinds: ['function', 'class', 'struct', 'union', 'enum', 'namespace', 'typedef'],
    files: ['/usr/include/c++/12/bits/stl_vector.h', '/usr/include/c++/12/bits/stl_list.h', '/usr/include/c++/12/bits/stl_tree.h'],
  },
  {
    language: 'ruby',
    ctags: 'Ruby',
    kinds: ['class', 'method', 'module', 'singletonMethod'],
    files: ['/usr/lib/ruby/3.1.0/net/http.rb', '/usr/lib/ruby/3.1.0/optparse.rb', '/usr/lib/ruby/3.1.0/set.rb'],
  },
  { language: 'php', ctags: 'PHP', kinds: ['class', 'interface', 'function', 'trait'], files: ['/usr/share/php/PEAR.php', '/usr/share/php/Archive/Tar.php'] },
  // ctags' Sh parser takes array assignments (`COMPREPLY=()`) and brace groups for functions.
  {
    language: 'bash',
    ctags: 'Sh',
    kinds: ['function'],
    files: ['/usr/share/bash-completion/bash_completion', '/usr/lib/git-core/git-subtree', '/usr/bin/ucf'],
    extension: '.sh',
    names: /^[\w:.-]+$/,
  },
];

/**
 * The tags that are declarations a map should locate: the kinds given, names a declaration can
 * have, no anonymous ones (ctags' `AnonymousFunction…`, `__anon…`, Kotlin's `<lambda>`, OCaml's
 * `()` and `_`), and not the module OCaml's parser makes of the whole file at its line 1.
 */
const declarations = (tags: Declaration[], kinds: string[], names = /./) =>
  tags.filter(
    (t) =>
      kinds.includes(t.kind) &&
      names.test(t.name) &&
      !/^(AnonymousFunction|__anon|<|\(\)$|_$)/.test(t.name) &&
      !(t.kind === 'module' && t.line === 1 && /^[A-Z]\w*$/.test(t.name)),
  );

/** A bare listing, one `name kind line` per tag. */
const listingOf = (tags: Declaration[]) => tags.map((t) => `${t.name}\t${t.kind}\t${t.line}`).join('\n');

const tokens = (text: string) => encode(text).length;
const numbered = (lines: string[], from: number) => lines.map((l, i) => `${from + i}\t${l}`).join('\n');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Which files a result is from: the corpus, the files outside it tuned on, or those held out of tuning. */
export type FileSet = 'corpus' | 'tuning' | 'held-out';

/** What a second reference found in one file, beside ctags' declarations. */
export interface SecondResult {
  reference: SecondReference;
  /** Declarations either reference finds (one found by both, at the same name and line, counted once), and how many of them a region locates. */
  either: number;
  eitherLocated: number;
  /** What the second finds and ctags does not: each with the source line's shape it falls under, and whether a region locates it. */
  onlySecond: { name: string; line: number; shape: string; located: boolean }[];
}

export interface FileResult {
  language: string;
  file: string;
  set: FileSet;
  /** Where the declarations recall counts come from: ctags, or keyword lines where ctags has no parser. */
  reference: 'ctags' | 'keywords';
  lines: number;
  tags: number;
  recall: number;
  /** The declarations no region locates, `name:line`. */
  missed: string[];
  /** ctags' tags the language's stated rules read otherwise: `name:line in text` (dropped), `name:line → name` (renamed). */
  corrections: string[];
  tokensPerRegion: number;
  /**
   * The whole map's tokens (header, prose and regions, as a model reads it), a bare ctags listing's
   * (every tag of ctags' default kinds, `name kind line`; the keyword lines' where ctags has no
   * parser), and the listing of only the declarations recall counts.
   */
  mapTokens: number;
  /** The same map with every note left out (the doc notes, and the signatures that tell same-named overloads and clauses apart): what they cost. */
  mapTokensWithoutNotes: number;
  /** The same map with each region's end line left out (`12-40 name` as `12 name`): what the end lines that bound a read cost. */
  mapTokensWithoutEnds: number;
  listingTokens: number;
  declarationListingTokens: number;
  /** Tokens to reach a function: the whole file numbered, and paging, over Skim's guarded flow; undefined for a file the guard never shortens. */
  wholeOverSkim?: number;
  pagingOverSkim?: number;
  /** The same guarded flow with a bare ctags listing in place of the map, and with no map at all (the flow's ceiling). */
  wholeOverCtags?: number;
  wholeOverNoMap?: number;
  /** Map-first: the whole map (or the listing), then the region; the whole file numbered over it. */
  wholeOverSkimFirst?: number;
  wholeOverCtagsFirst?: number;
  second?: SecondResult;
}

/** A second reference's declarations of a file. */
export function secondDeclarations(reference: SecondReference, file: string, text: string): Declaration[] {
  if (reference === 'typescript') return typescriptNavigation(file, text);
  if (reference === 'python') return pythonAst(file);
  if (reference === 'ruby') return rubyRipper(file);
  return goAst(file);
}

/** Two references name one declaration when the names' last parts agree and the lines are at most one apart (a decorator, a split signature). */
const same = (a: Declaration, b: Declaration) => lastPart(a.name) === lastPart(b.name) && Math.abs(a.line - b.line) <= 1;

/**
 * The shape of the source a declaration only the second reference finds is on: the idioms ctags'
 * parsers do not read (a chained assignment `a.x = a.y = function`, on one line or two; a function
 * assigned to a property; an accessor), or else whether it is nested in another declaration's body.
 */
export function shapeOf(lines: string[], declaration: Declaration): string {
  const line = lines[declaration.line - 1] ?? '';
  const assigned = /^\s*[\w$]+(\.[\w$]+)*\s*=\s*(async\s+)?(function\b|\()/.test(line);
  if (/=\s*[\w$.]+\s*=\s*(async\s+)?function\b/.test(line) || (assigned && /^\s*[\w$.]+\s*=\s*$/.test(lines[declaration.line - 2] ?? '')))
    return 'chained assignment (a.x = a.y = function)';
  if (assigned) return /^\s*[\w$]+\./.test(line) ? 'function assigned to a property (a.x = function)' : 'function assigned to a variable';
  if (['getter', 'setter'].includes(declaration.kind)) return 'accessor (get/set)';
  if (declaration.kind === 'constructor') return 'constructor';
  if (declaration.kind === 'type') return 'type alias';
  if (/^\s*(export\s+)?(const|let|var)\s/.test(line)) return 'function in a const/let/var';
  if (/^\s+/.test(line)) return `nested ${declaration.kind}`;
  return declaration.kind;
}

async function measure(spec: LanguageSpec, file: string, set: FileSet): Promise<FileResult> {
  const { language, ctags, keywords, kinds, names, extension = '' } = spec;
  const text = readFileSync(file, 'utf8');
  const lines = splitLines(text);
  const map = await structuralMap(file + extension, text, lines.length);
  const entry: MapEntry = {
    path: path.basename(file),
    size: 0,
    hash: '',
    lines: lines.length,
    status: 'structural',
    producer: map.producer,
    prose: map.prose,
    regions: map.regions,
    created: 0,
  };

  const everyTag = ctags ? ctagsTags(file, ctags) : keywordDeclarations(text, keywords ?? []);
  const inText = spec.textLines?.(lines) ?? new Set<number>();
  const read = declarations(everyTag, kinds, names).filter((t) => !spec.notOn?.test(lines[t.line - 1] ?? ''));
  const kept = read.filter((t) => !inText.has(t.line));
  const tags = kept.map((t) => ({ ...t, name: spec.nameOnLine?.(t, lines[t.line - 1] ?? '') ?? t.name }));
  // What the stated rules changed in ctags' reading, reported with the file.
  const corrections = [
    ...read.filter((t) => inText.has(t.line)).map((t) => `${t.name}:${t.line} in text`),
    ...kept.flatMap((t, i) => (t.name === tags[i].name ? [] : [`${t.name}:${t.line} → ${tags[i].name}`])),
  ];
  // A region named by several names (`res.set = res.header`, `get = getrouter`) locates a tag by any of them.
  const regionNames = (r: Region) => (r.kind === 'impl' ? [implType(r.name)] : r.name.split(' = ').map(lastPart));
  const locates = (t: Declaration) => map.regions.some((r) => r.start <= t.line && t.line <= r.end && regionNames(r).includes(lastPart(t.name)));
  const located = tags.filter(locates);

  const rendered = renderMap(entry);
  // The bare ctags listing the issue compares with is ctags' whole default output (its 1.40× is
  // reproduced by it, not by the declarations alone); the declarations' listing is measured beside it.
  const listing = listingOf(everyTag);
  const mapTokens = tokens(rendered);
  // The region lines' share: the whole map less its header and prose.
  const headTokens = tokens(`${mapHeader(entry)}:${entry.prose ? `\n${entry.prose}` : ''}\n`);

  let second: SecondResult | undefined;
  if (spec.second) {
    const theirs = secondDeclarations(spec.second, file, text);
    const onlySecond = theirs.filter((d) => !tags.some((t) => same(t, d)));
    const either = [...tags, ...onlySecond];
    second = {
      reference: spec.second,
      either: either.length,
      eitherLocated: either.filter(locates).length,
      onlySecond: onlySecond.map((d) => ({ name: d.name, line: d.line, shape: shapeOf(lines, d), located: locates(d) })),
    };
  }

  const base = {
    language,
    file,
    set,
    reference: ctags ? ('ctags' as const) : ('keywords' as const),
    lines: lines.length,
    tags: tags.length,
    recall: tags.length ? located.length / tags.length : 1,
    missed: tags.filter((t) => !locates(t)).map((t) => `${t.name}:${t.line}`),
    corrections,
    tokensPerRegion: map.regions.length ? (mapTokens - headTokens) / map.regions.length : 0,
    mapTokens,
    mapTokensWithoutNotes: tokens(renderMap({ ...entry, regions: entry.regions.map((r) => ({ ...r, note: '' })) })),
    mapTokensWithoutEnds: tokens(rendered.replace(/^(\t*\d+)-\d+ /gm, '$1 ')),
    listingTokens: tokens(listing),
    declarationListingTokens: tokens(listingOf(tags)),
    second,
  };
  const targets = map.regions.filter((r) => ['function', 'method', 'constructor'].includes(r.kind) && r.start > lines.length * 0.4);
  if (lines.length <= 200 || !targets.length) return base;

  // A guarded first read of the whole file (200 lines, the notice, then what it attaches), then the region's lines.
  const firstRead = (attached: string) =>
    tokens(`${cappedNotice(entry.path, 1, 200, lines.length, lines.length, 200)}\n\n${numbered(lines.slice(0, 200), 1)}${attached}`);
  const regionTokens = targets.map((r) => tokens(numbered(lines.slice(r.start - 1, r.end), r.start)));
  const reach = (first: number) => median(regionTokens.map((region) => first + region));
  const skim = reach(firstRead(`\n\n${rendered}`));
  const whole = tokens(numbered(lines, 1));
  const pageTokens = Array.from({ length: Math.ceil(lines.length / 200) }, (_, p) => tokens(numbered(lines.slice(p * 200, p * 200 + 200), p * 200 + 1)));
  const paging = median(targets.map((r) => pageTokens.slice(0, Math.ceil(r.end / 200)).reduce((a, b) => a + b, 0)));
  return {
    ...base,
    wholeOverSkim: whole / skim,
    pagingOverSkim: paging / skim,
    wholeOverCtags: whole / reach(firstRead(`\n\n${listing}`)),
    wholeOverNoMap: whole / reach(firstRead('')),
    wholeOverSkimFirst: whole / reach(mapTokens),
    wholeOverCtagsFirst: whole / reach(base.listingTokens),
  };
}

/** Each present file of the sets given, measured; the missing ones named. */
async function measureFiles(sets: { spec: LanguageSpec; set: FileSet; files: string[] }[], log: (line: string) => void): Promise<FileResult[]> {
  const results: FileResult[] = [];
  for (const { spec, set, files } of sets) {
    for (const file of files) {
      if (!existsSync(file)) {
        log(`corpus: ${file} is not installed (bash scripts/setup-bench-corpus.sh; npm ci), left out`);
        continue;
      }
      results.push(await measure(spec, file, set));
    }
  }
  return results;
}

/** Every corpus file that is present, measured; the missing ones named. */
export const measureCorpus = (log: (line: string) => void) =>
  measureFiles(
    CORPUS.map((spec) => ({ spec, set: 'corpus' as const, files: spec.files })),
    log,
  );

/** The files outside the corpus (outside.ts), tuning and held-out; in the quick run only each language's first held-out file. */
export const measureOutside = (log: (line: string) => void, quick: boolean) =>
  measureFiles(
    OUTSIDE.flatMap((spec) =>
      quick
        ? [{ spec, set: 'held-out' as const, files: spec.heldOut.slice(0, 1) }]
        : [
            { spec, set: 'tuning' as const, files: spec.tuning },
            { spec, set: 'held-out' as const, files: spec.heldOut },
          ],
    ),
    log,
  );

export { median };

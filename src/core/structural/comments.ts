/** What Skim reads out of a comment, for a declaration's note and a file's prose alike. */

const LICENSE = /\b(copyright|licen[cs]e[ds]?|SPDX-|all rights reserved|governed by|this file is part of|(is|are) free software)\b/i;

/**
 * A line that instructs a tool rather than describes the code: build constraints, linter, type
 * checker and formatter settings, editor mode lines, and magic comments (Ruby's
 * `frozen_string_literal: true`, `encoding:`; Python's `coding=`, `# type:`, `noqa`; `@generated`, Go's `Code generated … DO NOT EDIT.`),
 * and RDoc's `#--` and `#++`, which hide the lines between them from its reader.
 */
const DIRECTIVE =
  /^(go:|\+build\b|Code generated\b.*\bDO NOT EDIT\b|nolint\b|eslint(-|\s+[\w/@-]+\s*:)|jshint\s|jscs:|globals?\s+[\w$]+(\s*[:,]\s*[\w$]+)*\s*$|(istanbul|c8)\s+ignore|prettier-ignore|biome-ignore|deno-lint-|@ts-|@generated\b|<reference\b|<amd-|-\*-|vim?:|ex:\s*set\b|#region|#endregion|SPDX-|Copyright\b|\(c\)|(frozen[-_]string[-_]literal|warn[-_]indent|warn[-_]past[-_]scope|shareable[-_]constant[-_]value|typed|(en)?coding|rubocop|type|mypy|pyright|pyre|pylint|flake8|ruff|isort|fmt|yapf|cython|pragma|swiftlint|tslint|phpcs|clang-format|NOLINT\w*)\s*[:=]|noqa\b|shellcheck\s|NOLINT\b|nocov\b|:nocov:|(--|\+\+)$)/i;

export const isDirective = (line: string) => DIRECTIVE.test(line);

/** A licence or copyright header: never a description of the code below it. */
export const isLicense = (text: string) => LICENSE.test(text);

/** A separator line of a comment (`#-----`, `/* ====`, `***`): punctuation only, no words. */
export const isRule = (line: string) => line.length >= 3 && /^[^\p{L}\p{N}\s]+( [^\p{L}\p{N}\s]+)*$/u.test(line);

/** A line of no letters or digits at all: a rule, or a line of ASCII art (expat's `|  __//  \\| |_) |`). */
export const isArt = (line: string) => line.length >= 3 && !/[\p{L}\p{N}]/u.test(line);

/**
 * A heading line: RDoc's `== The Environment`, Markdown's `# Examples` (not a code example's
 * `# Socket#connect`), Xcode's `MARK: Codable
 * Support`, a numbered clause (`20.7.2.2.7 shared_ptr comparisons`). It names a section, it does
 * not describe what follows it.
 */
export const isHeading = (line: string) => /^=+\s+\S|^#{1,6}\s+\p{L}[^#]*$|^MARK:|^\d+(\.\d+)+\s+\p{L}/u.test(line);

/** A title: a few words, each capitalized, no sentence (rake's "Rake Module Methods"). */
const isTitle = (line: string) =>
  /^\p{Lu}[\p{L}\p{N}'-]*(\s+(\p{Lu}[\p{L}\p{N}'-]*|of|and|or|the|for|to|in|a|an))*$/u.test(line) && line.split(/\s+/).length <= 6;

/**
 * A section banner (argparse's `# ====` / `# Command line argument parsing methods` / `# ====`):
 * words closed by a separator line head the code below them, they do not document one declaration,
 * nor does a title alone under a separator line (rake's `# ----` / `# Rake Module Methods`), nor
 * a separator with its title on the same line (inspect's `# ------------ type-checking`).
 */
export function isBanner(lines: readonly string[]): boolean {
  const words = lines.findIndex((line) => line && !isRule(line));
  if (words === -1) return false;
  if (/^([^\p{L}\p{N}\s])\1{7,}\s*\p{L}/u.test(lines[words])) return true;
  if (lines.slice(words + 1).some(isRule)) return true;
  return lines.slice(0, words).some(isRule) && !lines.slice(words + 1).some(Boolean) && isTitle(lines[words]);
}

/**
 * A comment's lines with its markers gone (`/** … *\/`, `(* … *)`, docstring quotes, and `//`,
 * `#`, `*`, `--`, `;`, `%` at line starts), each trimmed; blank lines kept, as paragraph breaks,
 * and separator lines too.
 */
export function commentLines(raw: string): string[] {
  // A block comment of markers alone (OCaml's `(*****…*)`, `/*****/`) is a separator line, not its last marker.
  if (/^(\(\*|\/\*)[^\p{L}\p{N}\s]+$/u.test(raw.trim())) return [raw.trim()];
  return (
    raw
      .replace(/^\s*(\/\*+!?|\(\*+|"""|''')/, '')
      .replace(/(\*+\/|\*+\)|"""|''')\s*$/, '')
      .split('\n')
      // A line of markers alone (`/////…`, `#####…`) is a separator line, not an empty one.
      .map((line) => (/^\s*([/#*;%-])\1{3,}\s*$/.test(line) ? line.trim() : line.replace(/^\s*(\/\/+!?|#+:?|\*+|--+|;+|%+)\s?/, '').trim()))
  );
}

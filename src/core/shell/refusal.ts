/**
 * Why a command line is not a plain read (or recursive listing, or in-place edit) Skim can prove, in words a person
 * reads in the recognizer's measurements (`npm run bench:shell`, `npm run bench:listings`). The recognizer refuses on the first doubt:
 * a miss only costs tokens, a false positive would change what an agent sees.
 */
export const REFUSALS = {
  'not a read': 'no read program (cat, head, tail, sed, nl, awk, Get-Content) starts it',
  'not an edit': 'no in-place edit (sed -i, perl -pi -e) starts it, or not in a POSIX shell',
  'not a listing': 'no listing program (ls, find, tree) starts it, or not in a POSIX shell',
  filter: 'a listing narrowed or reshaped: ls without -R, find with a test but -type f, -type d or -maxdepth (-name, -path, -exec, …), tree -I, …',
  pipe: 'a pipe into another program (grep, wc, less, …)',
  redirect: 'a redirection (>, <, 2>/dev/null, 2>&1, |&)',
  'here-doc': 'a here-document (<<)',
  chain: 'a list of commands (;, ||, &&, a newline) other than one leading cd DIR &&',
  background: 'a command sent to the background (&)',
  group: 'a subshell or group ((…), {…})',
  substitution: 'a $ or ` expansion (variables, $(…), `…`, $((…)))',
  glob: 'a pattern the shell expands (*, ?, [, {a,b}, ~; in PowerShell a -Path with a backtick too)',
  quoting: 'quoting the recognizer does not follow (an unterminated quote, !, ^, a word starting with =)',
  comment: 'a # comment',
  assignment: 'a variable set before the command (NAME=value cmd)',
  files: 'more than one file or folder, or no file (a read of stdin)',
  option: 'an option whose output the recognizer cannot reproduce (cat -A, head -c, sed -E, an option after the file, …)',
  script:
    'a sed script other than A,Bp / Ap / A,$p (a pattern address, several commands, …); for an edit, one that writes or runs more (w, e, r, a script file, Perl reaching past its files)',
  program: 'an awk program other than a line-number range (NR>=A && NR<=B, NR==A,NR==B)',
  cd: 'a cd other than cd DIR (cd, cd -, cd with options)',
  'file name': 'a file name a program reads as something else (-, a name with = for awk, a PowerShell drive such as env:)',
} as const;

export type RefusalReason = keyof typeof REFUSALS;

export interface Refusal {
  refused: RefusalReason;
}

export const refuse = (refused: RefusalReason): Refusal => ({ refused });

export const isRefusal = (value: object): value is Refusal => 'refused' in value;

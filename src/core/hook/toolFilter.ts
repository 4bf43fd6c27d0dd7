import { shellWord } from './shellWord';

/**
 * The installed hook's first step where a POSIX shell runs it. Copilot's hook files (VS Code, the
 * Copilot CLI) have no matcher, so the command runs before and after every tool call the agent
 * makes; Node's start costs some 40 times a shell's. So awk reads the payload once, finds the
 * tool names in it, and starts Skim (handing it the same bytes) only when one of them is a tool
 * Skim has a part in. awk rather than shell builtins: it is a POSIX tool, reads the payload in
 * one pass whatever its size, and keeps every byte (a shell variable drops NULs, and trimming
 * one in the shell is quadratic in the payload's length).
 *
 * What counts as a tool name: the value of every `"tool_name"` or `"toolName"` key, with any
 * JSON white space around the colon. A model cannot hide the host's own key: text in arguments
 * is a JSON string whose quotes are escaped, so `"tool_name"` followed by a quote is a real key.
 * Any name of Skim's among them starts Skim (a nested key in some tool's arguments costs time,
 * never a guard). A shell tool's name (Bash, bash) starts it only when the payload also holds one
 * of the read programs' names (cat, sed, nl, …, in any case) where a word of a command line can
 * start (after a quote, a blank, | or &, or JSON's escape of a newline, a tab or any character)
 * and followed by anything but a letter, digit, `_`, `.` or `-`: a command line without one is no
 * read, and shell calls are most of an agent's calls. So does anything unclear: no such key at all, a name with an escape in it, more
 * keys than the filter reads. Only a payload whose every tool name is another tool's, or one
 * that cannot be JSON (a raw control byte JSON never holds unescaped), ends here. (One such byte
 * at the very end is the one byte POSIX awk cannot tell apart from the end, and is not handed on.)
 */

/** A string as an awk string literal. */
const awkString = (text: string) => `"${text.replace(/[\\"]/g, '\\$&')}"`;

/** A string as one shell word in single quotes. */
const singleQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** How many tool-name keys the filter reads before it stops looking and starts Skim. */
const MOST_KEYS = 100;

/** What the filter lets through: Skim's tools, and shell tools whose payload names a read program. */
export interface FilterTools {
  tools: readonly string[];
  shells: readonly string[];
  programs: readonly string[];
}

/**
 * The awk program: every byte up to the end is one record (RS is a control byte JSON never holds
 * raw), read whole; then the tool names are checked; then, for Skim's, the record goes to
 * `command`'s stdin, and whatever `command` leaves unread is drained so awk never dies of SIGPIPE.
 * The payload is searched for a read program only once a shell tool is named, and once.
 */
function program(filter: FilterTools, command: string): string {
  const run = awkString(`${command}; cat >/dev/null`);
  // A program's name where a word starts: at the string's start or after a blank, | or & (or an escaped newline, tab or any \\u escape).
  const reads = awkString(`(["|& ]|\\\\[ntr]|\\\\u[0-9a-f][0-9a-f][0-9a-f][0-9a-f])(${filter.programs.join('|')})([^a-z0-9_.-]|$)`);
  return [
    'BEGIN{RS="\\001"}',
    'NR>1{exit}',
    '{d=$0}',
    'END{',
    'if(NR!=1)exit;',
    `n=split(${awkString(filter.tools.join(' '))},t," ");for(i=1;i<=n;i++)k[t[i]]=1;`,
    `n=split(${awkString(filter.shells.join(' '))},t," ");for(i=1;i<=n;i++)h[t[i]]=1;`,
    's=d;f=0;r=-1;',
    `for(c=0;c<${MOST_KEYS};c++){`,
    'i=index(s,"\\"tool_name\\"");l=11;j=index(s,"\\"toolName\\"");',
    'if(!i||j&&j<i){i=j;l=10}',
    'if(!i)break;',
    's=substr(s,i+l);',
    'if(!match(s,/^[ \\t\\r\\n]*:[ \\t\\r\\n]*"/))continue;',
    's=substr(s,RLENGTH+1);j=index(s,"\\"");v=substr(s,1,j-1);',
    'if(!j||index(v,"\\\\")||v in k){f=0;break}',
    `if(v in h){if(r<0)r=match(tolower(d),${reads});if(r){f=0;break}}`,
    'f=1}',
    `if(c==${MOST_KEYS})f=0;`,
    `if(!f){p=${run};printf "%s",d|p;close(p)}`,
    '}',
  ].join('');
}

/**
 * The shell command that runs `command` (a shell command line) only for payloads naming one of
 * `filter.tools`, or one of `filter.shells` with a read program in it. It always exits 0: awk exits
 * 2 when it cannot read its input (stdin closed, a folder), and the hosts take a hook's exit 2 as a
 * refusal of the call.
 */
export function toolFilter(awk: string, filter: FilterTools, command: string): string {
  return `${shellWord(awk)} ${singleQuoted(program(filter, command))} || true`;
}

import * as path from 'node:path';
import { LinkLoopError, OutsideProjectError, ProjectFile, withinProject } from '../core/files/project';
import { answersFileBeside } from '../core/overview/answers';
import { Launch } from '../core/search/launch';
import { NextSteps, TOOL_STEPS, ToolHost } from '../core/tools/host';
import { READ_MAX_BYTES } from '../core/tools/read';
import { ToolError } from '../core/tools/result';
import { Session } from './session';
import { sessionHistory } from './sessionHistory';

/** What a `skim` command's host and `skim mcp`'s differ in; everything else is the session's. */
interface Surface {
  /** The folder a relative file path is read from. */
  base: string;
  scope(path: string | undefined): string | undefined;
  nextSteps: NextSteps;
  readCap?: number;
  /** Why skim_lsp's answer comes from the outlines and search. */
  noServer: string;
  json?: boolean;
  launch?: Launch;
}

/** The session as the host of Skim's declared tools: its project, maps, outlines and options, and the surface's own ways. */
function sessionHost(session: Session, surface: Surface): ToolHost {
  const { project } = session;
  const file = (filePath: string): ProjectFile => {
    try {
      return withinProject(project, filePath, surface.base);
    } catch (error) {
      if (error instanceof LinkLoopError) throw new ToolError(error.message, { advice: 'Give the path of a file.' });
      if (!(error instanceof OutsideProjectError)) throw error;
      throw new ToolError(`${filePath} is outside the project (${project.root})`, {
        advice: 'Skim reads only files inside it: give a path inside the project, absolute or relative to its root.',
      });
    }
  };
  return {
    ctx: session.ctx,
    project,
    file,
    scope: surface.scope,
    maps: () => session.maps,
    storedMaps: async () => session.maps,
    outlines: session.outlines,
    history: () => sessionHistory(session, false).now(),
    answersFile: answersFileBeside(session.outlineFile),
    programs: { env: session.env, launch: surface.launch, signal: session.signal },
    share: 1,
    languageServer: async () => ({ why: surface.noServer }),
    nextSteps: surface.nextSteps,
    readCap: surface.readCap,
    json: surface.json,
  };
}

/**
 * A `skim` command's host: paths read from the current folder, a read returns all it was asked
 * for (a person's terminal, not a model's context), and the next steps are commands named from
 * the current folder.
 */
export function commandHost(session: Session, json: boolean): ToolHost {
  const fromCwd = (file: string) => path.relative(session.cwd, path.join(session.project.root, file));
  return sessionHost(session, {
    base: session.cwd,
    scope: (p) => (p === undefined ? undefined : session.project.file(p, session.cwd).absolute),
    nextSteps: {
      wholeMap: (file) => `run skim map ${fromCwd(file.key)}`,
      narrow: (folder) => `\`skim overview ${fromCwd(folder) || '.'}\``,
      oneFile: (file) => `map one file with \`skim map ${fromCwd(file)}\` or read it with \`skim read ${fromCwd(file)}\``,
    },
    noServer: 'the skim command has no language server',
    json,
  });
}

/** `skim mcp`'s host: paths read from the project's root, as the tools read them; a read capped for the model's context; its tools named as next steps. */
export function mcpHost(session: Session, launch?: Launch): ToolHost {
  return sessionHost(session, {
    base: session.project.root,
    scope: (p) => p,
    nextSteps: TOOL_STEPS,
    readCap: READ_MAX_BYTES,
    noServer: 'skim mcp has no language server',
    launch,
  });
}

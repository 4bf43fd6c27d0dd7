import { TeamCache } from '../../core/cache/teamCache';

/** The team cache the settings configure now (undefined: none). */
export class TeamHolder {
  private current?: TeamCache;

  get team(): TeamCache | undefined {
    return this.current;
  }

  /** The team cache from now on; the one it replaces is closed. */
  set(team: TeamCache | undefined): void {
    void this.current?.close();
    this.current = team;
  }

  async close(): Promise<void> {
    await this.current?.close();
  }
}

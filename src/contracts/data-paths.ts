// Where a data directory keeps its files: the database, the platform login, the API and tool-server tokens,
// media and backups.

export interface DataPaths {
  dataDir: string;
  dbPath: string;
  tokensPath: string;
  scraperSessionPath: string;
  apiTokenPath: string;
  /** The tool server's HTTP bearer token (its own, so an agent's token cannot call the API). */
  mcpTokenPath: string;
  mediaDir: string;
  backupsDir: string;
}

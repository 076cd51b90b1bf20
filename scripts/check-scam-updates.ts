/**
 * `npm run updates:check` (and a step of `npm run build`): checks every scam update in
 * content/updates/ (or the folder given as the first argument) and stops with the file name and
 * the reason for each problem.
 */
import { loadScamUpdateFiles, ScamUpdatesError } from "../app/scam-updates/scam-update-files.server";

try {
  const updates = loadScamUpdateFiles(process.argv[2]);
  console.log(`Scam updates: ${updates.length === 1 ? "1 update is" : `${updates.length} updates are`} valid.`);
} catch (error) {
  if (!(error instanceof ScamUpdatesError)) throw error;
  console.error(error.message);
  process.exit(1);
}

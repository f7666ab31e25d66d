/**
 * The year "{year}" stands for (the footer's copyright line): the year of the run in UTC,
 * or of SOURCE_DATE_EPOCH, as reproducible builds set it. One rule for build, check and
 * dev, so a page does not change its year with the machine's time zone or the command.
 */
export function buildYear(): number {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return new Date(process.env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? epoch * 1000 : Date.now()).getUTCFullYear();
}

// Where the ClickHouse server for tests is: KEEL_TEST_CLICKHOUSE_URL. Tests that need it skip when it
// is unset, except in CI (KEEL_TEST_REQUIRE_SERVICES=1), where a missing server is a failure.
export function clickhouseUrl(): string | undefined {
  const url = process.env.KEEL_TEST_CLICKHOUSE_URL;
  if (!url && process.env.KEEL_TEST_REQUIRE_SERVICES === '1') {
    throw new Error('KEEL_TEST_CLICKHOUSE_URL is required (KEEL_TEST_REQUIRE_SERVICES=1)');
  }
  return url || undefined;
}

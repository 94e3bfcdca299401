/// Where a reader's data records were prepared: on the thread that read them, or again on the
/// thread that took them (for tests, which check that the first is the rule).
final class IngestCounts {
    var preparedWhereRead = 0
    var preparedWhereTaken = 0
}

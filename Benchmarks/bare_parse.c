/* The baseline per is measured against: libcsv parsing a file with callbacks that only count
 * fields and records, reading in 1 MiB chunks as per does. */
#include <csv.h>
#include <stdio.h>
#include <stdlib.h>

static size_t fields, records;

static void on_field(void *s, size_t len, void *data) { (void)s; (void)len; (void)data; fields++; }
static void on_record(int c, void *data) { (void)c; (void)data; records++; }

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: bare_parse FILE\n"); return 64; }
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 66; }
    struct csv_parser p;
    csv_init(&p, CSV_STRICT | CSV_STRICT_FINI);
    static char buf[1 << 20];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        if (csv_parse(&p, buf, n, on_field, on_record, NULL) != n) {
            fprintf(stderr, "parse error: %s\n", csv_strerror(csv_error(&p)));
            return 65;
        }
    }
    csv_fini(&p, on_field, on_record, NULL);
    csv_free(&p);
    fclose(f);
    printf("%zu records, %zu fields\n", records, fields);
    return 0;
}

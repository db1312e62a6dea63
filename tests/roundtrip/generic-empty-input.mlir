// RUN: %roundtrip %s
// A file with nothing but comments parses to an empty implicit module,
// printed as `module {` / `}` followed by an empty line.

//! parlour-dynamic's integration tests: one test binary, a module for each part.

mod dynamic;
mod encodings_doc;

//! dynamic's integration tests, one binary: each module was its own test file.

mod dynamic;
mod encodings_doc;

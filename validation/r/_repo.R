## Sourced first by every generator in validation/r (Rscript validation/r/<name>.R, from the
## repository root or from anywhere): finds the repository from the script's own path and
## sources one of rocstats.r's R helper files, so the stored results come from the same R
## code the live rpy2 bridge runs.
rocstats_repo_root <- local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) {
    normalizePath(file.path(dirname(normalizePath(sub("^--file=", "", arg[1]))), "..", ".."))
  } else {
    normalizePath(".")
  }
})

rocstats_source_helpers <- function(name) {
  path <- file.path(rocstats_repo_root, "src", "rocstats", "r", name)
  if (!file.exists(path)) stop("cannot find ", path, "; run from the repository root")
  source(path)
}

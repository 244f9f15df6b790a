## A small JSON writer for the stored results (sourced by the generators in validation/r):
## NA / NaN as "NaN", infinities as "Infinity" / "-Infinity", doubles with 17 significant
## digits, integers as integers; arr(v) keeps a length-1 vector an array.
json_scalar <- function(v) {
  if (is.character(v)) return(encodeString(v, quote = "\""))
  if (is.logical(v)) return(if (is.na(v)) "\"NaN\"" else if (v) "true" else "false")
  if (is.na(v)) return("\"NaN\"")
  if (is.infinite(v)) return(if (v > 0) "\"Infinity\"" else "\"-Infinity\"")
  if (is.integer(v)) return(sprintf("%d", v))
  sprintf("%.17g", v)
}

to_json <- function(x, indent = 0) {
  pad <- strrep(" ", indent)
  pad1 <- strrep(" ", indent + 1)
  if (is.null(x)) return("null")
  if (is.list(x)) {
    if (length(x) == 0) return(if (is.null(names(x))) "[]" else "{}")
    items <- vapply(x, to_json, "", indent = indent + 1)
    if (!is.null(names(x)) && all(names(x) != "")) {
      body <- paste0(pad1, encodeString(names(x), quote = "\""), ": ", items)
      return(paste0("{\n", paste(body, collapse = ",\n"), "\n", pad, "}"))
    }
    return(paste0("[\n", paste(paste0(pad1, items), collapse = ",\n"), "\n", pad, "]"))
  }
  vals <- vapply(seq_along(x), function(i) json_scalar(x[[i]]), "")
  if (length(vals) == 1 && is.null(attr(x, "array"))) return(vals)
  if (is.character(x))                     # strings (the R calls): one per line
    return(paste0("[\n", paste(paste0(pad1, vals), collapse = ",\n"), "\n", pad, "]"))
  lines <- split(vals, ceiling(seq_along(vals) / 6))
  paste0("[", paste(vapply(lines, paste, "", collapse = ", "), collapse = paste0(",\n", pad1)),
         "]")
}

arr <- function(v) { attr(v, "array") <- TRUE; v }

## rocstats <-> rpart: the R code behind every rpart reference number.
##
## Sourced by BOTH
##   * validation/r/rpart_cases.R  (writes the stored results validation/results/rpart/*.json)
##   * rocstats.r.rpart             (runs rpart live through rpy2)
## so the stored and the live paths run identical R code, and both hand their results to
## Python as the same JSON text (rocstats_rpart_json), parsed by the same Python code.
## Only base R, stats and rpart are used.
##
## One fit:
##     rpart(formula, data = data, method = method, weights = weights,
##           parms = parms, control = do.call(rpart.control, control))
## and from the fitted object:
##   frame      one row per node in rpart's order (preorder); node = as.integer(rownames);
##              var, n, wt, dev, yval, complexity, ncompete, nsurrogate; for method "class"
##              the yval2 matrix split into its pieces: column 1 = yval (checked equal to
##              frame$yval), columns 2..K+1 = class counts, K+2..2K+1 = class probabilities,
##              column 2K+2 = nodeprob.  K is rpart's numclass, the largest level code
##              in use: levels after it (unused) get no columns (classes lists them all).
##   cptable    CP, nsplit, rel error, xerror, xstd (xerror / xstd NA when xval = 0).
##   splits     rows of fit$splits; each row's node and type (primary / competitor /
##              surrogate) follow from frame: for each internal node in frame order, 1
##              primary row, then ncompete competitor rows, then nsurrogate surrogate rows
##              (checked: the row counts add up and every primary row is named after the
##              node's frame$var).  Categorical rows (ncat > 1) carry csplit[index, 1:ncat]
##              (1 = left, 2 = level absent from the node, 3 = right).
##   where      fit$where (frame row numbers) converted to node numbers.
##   variable_importance   fit$variable.importance (names and values, R's order).

rocstats_rpart_versions <- function() {
  list(r_version = R.version.string,
       rpart_version = as.character(utils::packageVersion("rpart")),
       platform = R.version$platform)
}

## Arrays arriving from numpy (rpy2) may carry a dim attribute; make them plain vectors.
.rocstats_plain <- function(x) if (is.null(x)) NULL else as.vector(x)

## Missing values: rpy2 sends float NaN; make every NaN an NA (rpart treats both as
## missing, but the stored path reads "NA" from CSV; keep both paths identical).
.rocstats_na <- function(data) {
  data <- as.data.frame(data, stringsAsFactors = FALSE)
  for (j in seq_along(data)) {
    col <- data[[j]]
    if (is.double(col)) {
      col[is.nan(col)] <- NA
      data[[j]] <- col
    } else if (is.character(col)) {
      stop("column ", names(data)[j], " is character: pass categorical columns as factors ",
           "(pandas Categorical) so that the level order is explicit")
    }
  }
  data
}

## Fit rpart.  control: named list of rpart.control arguments (xval may be a fold
## vector); parms: named list (split, prior, loss) or NULL; weights: numeric or NULL.
rocstats_rpart_fit <- function(formula, data, method, control = list(), parms = NULL,
                               weights = NULL) {
  data <- .rocstats_na(data)
  control <- lapply(control, .rocstats_plain)
  args <- list(formula = stats::as.formula(formula), data = data, method = method,
               control = do.call(rpart::rpart.control, control))
  if (!is.null(parms) && length(parms)) {
    if (!is.null(parms$loss)) parms$loss <- as.matrix(parms$loss)
    if (!is.null(parms$prior)) parms$prior <- as.numeric(.rocstats_plain(parms$prior))
    if (!is.null(parms$split)) parms$split <- as.character(.rocstats_plain(parms$split))
    args$parms <- parms
  }
  if (!is.null(weights)) args$weights <- as.numeric(.rocstats_plain(weights))
  do.call(rpart::rpart, args)
}

## Every recorded quantity of a fitted rpart object as a named list of plain vectors.
rocstats_rpart_extract <- function(fit) {
  fr <- fit$frame
  nodes <- as.integer(rownames(fr))
  var <- as.character(fr$var)
  is_class <- identical(fit$method, "class")
  frame <- list(node = nodes, var = var, n = as.integer(fr$n), wt = as.numeric(fr$wt),
                dev = as.numeric(fr$dev), yval = as.numeric(fr$yval),
                complexity = as.numeric(fr$complexity),
                ncompete = as.integer(fr$ncompete), nsurrogate = as.integer(fr$nsurrogate))
  classes <- NULL
  if (is_class) {
    classes <- attr(fit, "ylevels")
    y2 <- fr$yval2
    ## rpart's numclass = the largest level code in use: levels after it (unused) have no
    ## yval2 columns, unused levels before it have count 0; classes keeps every level
    k <- (ncol(y2) - 2L) %/% 2L
    if (ncol(y2) != 2 * k + 2 || k < 1 || k > length(classes))
      stop("unexpected yval2 layout: ", ncol(y2), " columns for ", length(classes),
           " levels")
    if (!isTRUE(all(y2[, 1] == fr$yval))) stop("yval2[, 1] differs from frame$yval")
    frame$yval <- as.integer(fr$yval)
    frame$counts <- lapply(seq_len(k), function(j) as.numeric(y2[, 1 + j]))
    frame$probs <- lapply(seq_len(k), function(j) as.numeric(y2[, 1 + k + j]))
    frame$nodeprob <- as.numeric(y2[, 2 * k + 2])
  }

  cp <- fit$cptable
  cptable <- list(CP = as.numeric(cp[, "CP"]), nsplit = as.integer(cp[, "nsplit"]),
                  rel_error = as.numeric(cp[, "rel error"]),
                  xerror = if ("xerror" %in% colnames(cp)) as.numeric(cp[, "xerror"])
                           else rep(NA_real_, nrow(cp)),
                  xstd = if ("xstd" %in% colnames(cp)) as.numeric(cp[, "xstd"])
                         else rep(NA_real_, nrow(cp)))

  internal <- which(var != "<leaf>")
  per_node <- 1L + fr$ncompete[internal] + fr$nsurrogate[internal]
  sp <- fit$splits
  n_rows <- if (is.null(sp)) 0L else nrow(sp)
  if (sum(per_node) != n_rows)
    stop("splits has ", n_rows, " rows but frame implies ", sum(per_node))
  splits <- list(node = integer(0), var = character(0), type = character(0),
                 count = numeric(0), ncat = integer(0), improve = numeric(0),
                 index = numeric(0), adj = numeric(0), csplit = list())
  if (n_rows > 0) {
    type <- unlist(lapply(internal, function(i)
      c("primary", rep("competitor", fr$ncompete[i]), rep("surrogate", fr$nsurrogate[i]))))
    first <- cumsum(c(1L, per_node))[seq_along(internal)]
    if (!identical(rownames(sp)[first], var[internal]))
      stop("primary split rows are not named after frame$var")
    ncat <- as.integer(sp[, "ncat"])
    csplit <- lapply(seq_len(n_rows), function(r) {
      if (ncat[r] > 1) as.integer(fit$csplit[sp[r, "index"], seq_len(ncat[r])]) else NULL
    })
    splits <- list(node = rep(nodes[internal], per_node), var = rownames(sp), type = type,
                   count = as.numeric(sp[, "count"]), ncat = ncat,
                   improve = as.numeric(sp[, "improve"]), index = as.numeric(sp[, "index"]),
                   adj = as.numeric(sp[, "adj"]), csplit = csplit)
  }

  vi <- fit$variable.importance
  list(method = fit$method, classes = classes, n_obs = length(fit$where),
       frame = frame, cptable = cptable, splits = splits,
       where = nodes[fit$where],
       variable_importance = list(names = if (is.null(vi)) character(0) else names(vi),
                                  values = if (is.null(vi)) numeric(0) else as.numeric(vi)))
}

## ------------------------------------------------------------------ JSON writing
## Numbers are written with the fewest of 15, 16 or 17 significant digits that read back
## to the identical double (round-trip exact); NA / NaN -> null.  Vectors are JSON arrays
## except those marked rocstats_scalar(); NULL -> null; named lists -> objects.
rocstats_scalar <- function(x) structure(x, class = c("rocstats_scalar", class(x)))

.rocstats_json_str <- function(s) {
  s <- gsub("\\\\", "\\\\\\\\", s)
  s <- gsub("\"", "\\\\\"", s)
  s <- gsub("\n", "\\\\n", s)
  s <- gsub("\t", "\\\\t", s)
  ifelse(is.na(s), "null", paste0("\"", s, "\""))
}

.rocstats_json_num <- function(x) {
  out <- sprintf("%.15g", x)
  fin <- is.finite(x)
  for (d in c(16L, 17L)) {
    bad <- fin
    bad[fin] <- as.numeric(out[fin]) != x[fin]
    if (!any(bad)) break
    out[bad] <- sprintf(paste0("%.", d, "g"), x[bad])
  }
  out[is.na(x)] <- "null"
  if (any(is.infinite(x))) stop("infinite values cannot be written to JSON")
  out
}

.rocstats_json_atoms <- function(x) {
  if (is.factor(x)) x <- as.character(x)
  if (is.character(x)) return(.rocstats_json_str(x))
  if (is.logical(x)) return(ifelse(is.na(x), "null", ifelse(x, "true", "false")))
  if (is.integer(x)) return(ifelse(is.na(x), "null", sprintf("%d", x)))
  .rocstats_json_num(as.numeric(x))
}

rocstats_to_json <- function(x, indent = 0L) {
  pad <- strrep(" ", indent + 2L)
  if (is.null(x)) return("null")
  if (is.list(x)) {
    if (!length(x)) return(if (is.null(names(x))) "[]" else "{}")
    items <- vapply(x, function(v) rocstats_to_json(v, indent + 2L), "")
    if (is.null(names(x)))
      return(paste0("[\n", paste0(pad, items, collapse = ",\n"), "\n", strrep(" ", indent), "]"))
    return(paste0("{\n", paste0(pad, .rocstats_json_str(names(x)), ": ", items,
                                collapse = ",\n"), "\n", strrep(" ", indent), "}"))
  }
  if (inherits(x, "rocstats_scalar")) {
    if (length(x) != 1) stop("rocstats_scalar() of length ", length(x))
    return(.rocstats_json_atoms(unclass(x)))
  }
  paste0("[", paste(.rocstats_json_atoms(x), collapse = ", "), "]")
}

## Scalars of the extracted result that are written as JSON scalars, not arrays.
.rocstats_mark_scalars <- function(res) {
  res$method <- rocstats_scalar(res$method)
  res$n_obs <- rocstats_scalar(res$n_obs)
  res
}

## Fit and return the extracted result as JSON text (what the live bridge parses).
rocstats_rpart_json <- function(formula, data, method, control = list(), parms = NULL,
                                weights = NULL) {
  fit <- rocstats_rpart_fit(formula, data, method, control, parms, weights)
  rocstats_to_json(.rocstats_mark_scalars(rocstats_rpart_extract(fit)))
}

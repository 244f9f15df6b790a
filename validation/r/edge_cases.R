## pROC (and R's p.adjust) on the edge cases of issue 23, written to
## validation/results/edge_cases.json (DO NOT EDIT by hand).
##
## Usage (from the repository root):
##     Rscript validation/r/edge_cases.R [output.json]
## (tests/live/test_edge_cases_live.py passes a temporary file: the live run)
##
## Each case stores its R call (the "call" field) above its numbers; doubles are written
## with 17 significant digits.  tests/parity/test_edge_cases_parity.py reads them and
## tests/live/test_edge_cases_live.py recomputes them with pROC through rpy2.

suppressPackageStartupMessages(library(pROC))
suppressPackageStartupMessages(library(jsonlite))

source(file.path(local({
  arg <- grep("^--file=", commandArgs(trailingOnly = FALSE), value = TRUE)
  if (length(arg)) dirname(sub("^--file=", "", arg[1])) else file.path("validation", "r")
}), "_repo.R"))
out_file <- commandArgs(trailingOnly = TRUE)[1]
if (is.na(out_file)) out_file <- file.path(rocstats_repo_root, "validation", "results", "edge_cases.json")

err <- function(expr) tryCatch({ force(expr); NA_character_ }, error = function(e) conditionMessage(e))
cases <- list()

## 1. binormal smoothing with slope 0: every inner point at specificity 2/3
y <- c(0, 0, 0, 1, 1, 1); x <- c(0, 0, 10, 5, 6, 7)
r <- roc(y, x, levels = c(0, 1), direction = "<", quiet = TRUE)
s <- smooth(r, method = "binormal", n = 5)
cases$smooth_binormal_slope0 <- list(
  call = "s <- smooth(roc(c(0,0,0,1,1,1), c(0,0,10,5,6,7), levels = c(0, 1), direction = '<'), method = 'binormal', n = 5); auc(s, partial.auc = c(1, 0.8), partial.auc.focus = 'specificity')",
  y = y, x = x, n = 5,
  coefficients = unname(coef(s$model)), sensitivities = s$sensitivities,
  specificities = s$specificities, auc = as.numeric(s$auc),
  partial_auc_sp_0.8_1 = as.numeric(auc(s, partial.auc = c(1, 0.8), partial.auc.focus = "specificity")))

## 2. density smoothing, rectangular kernel, n = 2..5 grid points
y <- c(0, 1, 0, 0, 1); x <- c(4, 4, 5, 5, 1)
r <- roc(y, x, levels = c(0, 1), direction = "<", quiet = TRUE)
bw <- bw.nrd0(x); from <- min(x) - 3 * bw; to <- max(x) + 3 * bw
dens <- lapply(2:5, function(n) {
  s <- smooth(r, method = "density", n = n, kernel = "rectangular")
  list(n = n, auc = as.numeric(s$auc), sensitivities = s$sensitivities, specificities = s$specificities,
       controls_density = density(r$controls, n = n, from = from, to = to, bw = bw, kernel = "rectangular")$y,
       cases_density = density(r$cases, n = n, from = from, to = to, bw = bw, kernel = "rectangular")$y)
})
cases$smooth_density_rectangular <- list(
  call = "s <- smooth(roc(c(0,1,0,0,1), c(4,4,5,5,1), levels = c(0, 1), direction = '<'), method = 'density', n = n, kernel = 'rectangular'); density(r$controls / r$cases, n = n, from = min(x) - 3 bw.nrd0(x), to = max(x) + 3 bw.nrd0(x), bw = bw.nrd0(x), kernel = 'rectangular')$y",
  y = y, x = x, bw = bw, from = from, to = to, by_n = dens)

## 3. power.roc.test(method = "obuchowski") on a pilot curve whose binormal slope is 0,
##    and power.roc.test on a pilot with AUC 1
##    (both curves' fits have slope ~ -1e-16: the b -> 0 limit), on a perfectly separated
##    pilot curve (no inner point: pROC stops), and power.roc.test on a pilot with AUC 1
yb <- c(0, 0, 0, 1, 1, 1); a <- c(0, 0, 10, 5, 6, 7); bb <- c(1, 5, 2, 4, 3, 6); sep <- c(1, 3, 2, 5, 4, 6)
ra <- roc(yb, a, levels = c(0, 1), direction = "<", quiet = TRUE)
rb <- roc(yb, bb, levels = c(0, 1), direction = "<", quiet = TRUE)
rs <- roc(yb, sep, levels = c(0, 1), direction = "<", quiet = TRUE)
r1 <- roc(c(0, 0, 1, 1), c(1, 2, 3, 4), levels = c(0, 1), direction = "<", quiet = TRUE)
pw <- power.roc.test(ra, rb, method = "obuchowski", power = 0.8)
cases$power_degenerate <- list(
  call = "power.roc.test(roc(y, a), roc(y, b), method = 'obuchowski', power = 0.8); the same with roc(y, sep); power.roc.test(roc(c(0,0,1,1), c(1,2,3,4)))$power",
  y = yb, a = a, b = bb, sep = sep,
  slopes = c(unname(coef(smooth(ra)$model))[2], unname(coef(smooth(rb)$model))[2]),
  obuchowski_ncases = pw$ncases,
  separated_error = err(power.roc.test(ra, rs, method = "obuchowski", power = 0.8)),
  auc1_power = power.roc.test(r1)$power)

## 4. coords "best" with best.weights = c(1/3, 0.5) (r = 3) and c(1, 0.25) (r = 3)
y <- c(rep(1, 4), 0, rep(1, 3), 0, rep(1, 3), rep(0, 8)); x <- c(rep(4, 5), rep(3, 4), rep(1, 11))
r <- roc(y, x, levels = c(0, 1), direction = "<", quiet = TRUE)
best <- function(w) {
  cc <- coords(r, "best", best.weights = w, ret = c("threshold", "specificity", "sensitivity"), transpose = FALSE)
  list(best_weights = w, threshold = cc$threshold, specificity = cc$specificity, sensitivity = cc$sensitivity)
}
cases$coords_best_weights <- list(
  call = "coords(roc(y, x, levels = c(0, 1), direction = '<'), 'best', best.weights = w, ret = c('threshold', 'specificity', 'sensitivity'))",
  y = y, x = x, by_weights = list(best(c(1/3, 0.5)), best(c(1, 0.25))))

## 5. one case: pROC's DeLong variance and paired roc.test
y <- c(0, 1, 0, 0); s1 <- c(.1, .9, .3, .4); s2 <- c(.2, .8, .5, .1)
r1 <- roc(y, s1, levels = c(0, 1), direction = "<", quiet = TRUE)
r2 <- roc(y, s2, levels = c(0, 1), direction = "<", quiet = TRUE)
cases$delong_one_case <- list(
  call = "var(roc(y, s, levels = c(0, 1), direction = '<'), method = 'delong'); roc.test(r1, r2, method = 'delong', paired = TRUE)",
  y = y, s1 = s1, s2 = s2, auc = c(as.numeric(auc(r1)), as.numeric(auc(r2))),
  var = c(var(r1, method = "delong"), var(r2, method = "delong")),
  roc_test = err(roc.test(r1, r2, method = "delong", paired = TRUE)))

## 6. R's p.adjust (the Holm and Benjamini-Hochberg adjustments of delong_pairwise)
p_sets <- list(c(0.01, 0.04, 0.03, 0.005, 0.2), c(0.5, 0.5, 0.01), c(1e-8, 0.049, 0.051, 0.9, 0.049, 1),
               c(0.02), c(0.3, 0.1, 0.2, 0.4, 0.05, 0.011, 0.6))
cases$p_adjust <- list(
  call = "p.adjust(p, method = m) for m in c('holm', 'BH', 'bonferroni', 'hochberg', 'BY')",
  sets = lapply(p_sets, function(p) list(p = p, holm = p.adjust(p, "holm"), BH = p.adjust(p, "BH"),
                                         bonferroni = p.adjust(p, "bonferroni"),
                                         hochberg = p.adjust(p, "hochberg"), BY = p.adjust(p, "BY"))))

## 7. every density kernel (not only the Gaussian) on one data set, n = 512 and 64
set.seed(20231123)
yk <- c(rep(0, 30), rep(1, 25)); xk <- round(c(rnorm(30), rnorm(25, 1.2, 1.4)), 2)
rk <- roc(yk, xk, levels = c(0, 1), direction = "<", quiet = TRUE)
kernels <- c("gaussian", "epanechnikov", "rectangular", "triangular", "biweight", "cosine", "optcosine")
cases$density_kernels <- list(
  call = "smooth(roc(y, x, levels = c(0, 1), direction = '<'), method = 'density', kernel = k, n = n)$auc",
  y = yk, x = xk,
  auc = lapply(kernels, function(k) list(kernel = k,
    n512 = as.numeric(smooth(rk, method = "density", kernel = k)$auc),
    n64 = as.numeric(smooth(rk, method = "density", kernel = k, n = 64)$auc))))

## 8. coords at given values of every monotone input; power.roc.test with ncases only
ins <- list(fn = c(3, 10.5), tn = c(4, 20), fp = c(5, 12.5), tpr = c(0.3, 0.85), tnr = c(0.2, 0.9),
            fnr = c(0.1, 0.75), "1-specificity" = c(0.2, 0.65), "1-sensitivity" = c(0.15, 0.6),
            recall = c(0.4, 0.95), sensitivity = c(0.5, 0.77), specificity = c(0.3, 0.61))
cases$coords_inputs <- list(
  call = "coords(roc(y, x, levels = c(0, 1), direction = '<'), x = v, input = i, ret = c('threshold', 'specificity', 'sensitivity'))",
  y = yk, x = xk,
  by_input = lapply(names(ins), function(i) {
    cc <- coords(rk, x = ins[[i]], input = i, ret = c("threshold", "specificity", "sensitivity"), transpose = FALSE)
    list(input = i, x = ins[[i]], threshold = cc$threshold, specificity = cc$specificity, sensitivity = cc$sensitivity)
  }))
## 9. R's density() itself (rocstats.roc._smooth.r_density): every kernel; a grid that
##    does not cover the data (points beyond the binning grid); n above 512 (FFT size)
xd <- c(round(rnorm(40), 3), 2.5, 7.5, -6)
dens_case <- function(kernel, bw, n, from, to)
  list(kernel = kernel, bw = bw, n = n, from = from, to = to,
       y = density(xd, bw = bw, n = n, from = from, to = to, kernel = kernel)$y)
cases$r_density <- list(
  call = "density(x, bw = bw, n = n, from = from, to = to, kernel = kernel)$y",
  x = xd,
  by_call = c(lapply(kernels, function(k) dens_case(k, 0.4, 64, -3, 3)),
              lapply(kernels, function(k) dens_case(k, 0.3, 100, -1, 1)),
              list(dens_case("gaussian", 0.05, 513, -7, 8), dens_case("epanechnikov", 0.2, 1024, -2, 4),
                   dens_case("gaussian", 0.02, 40, -6.5, 8))))

## 10. coords "local maximas" on short curves: a constant predictor (2 points), two values
lm_cases <- list(list(y = c(0, 0, 1, 1), x = c(3, 3, 3, 3)), list(y = c(0, 0, 1, 1), x = c(1, 1, 2, 2)),
                 list(y = c(0, 1, 0, 1), x = c(1, 1, 2, 2)), list(y = c(0, 0, 0, 1, 1, 1), x = c(1, 2, 3, 1, 2, 3)),
                 list(y = c(1, 1, 0, 0, 1, 0), x = c(1, 2, 3, 4, 5, 6)))
cases$local_maximas <- list(
  call = "coords(roc(y, x, levels = c(0, 1), direction = '<'), 'local maximas', ret = c('threshold', 'specificity', 'sensitivity'))",
  by_case = lapply(lm_cases, function(cs) {
    r <- roc(cs$y, cs$x, levels = c(0, 1), direction = "<", quiet = TRUE)
    cc <- coords(r, "local maximas", ret = c("threshold", "specificity", "sensitivity"), transpose = FALSE)
    c(cs, list(threshold = sprintf("%.17g", cc$threshold), specificity = cc$specificity,
               sensitivity = cc$sensitivity))   # thresholds as text: JSON has no Inf
  }))

## 11. partial AUC with bounds on curve points, at 0 / 1, and within 1e-12 of them
yp <- c(0, 0, 0, 1, 1, 1, 0, 1, 0, 1, 1, 0); xp <- c(1, 2, 3, 2, 4, 5, 3, 3, 6, 7, 1, 4)
rp <- roc(yp, xp, levels = c(0, 1), direction = "<", quiet = TRUE)
## (bounds as R expressions, stored as text: JSON keeps 15 digits, 2/3 needs 17)
ranges <- list(c("1", "2/3"), c("2/3", "1/3"), c("1", "0"), c("1", "1 - 1e-12"), c("1e-12", "0"),
               c("0.5", "0.5 - 1e-12"), c("5/6", "1/6"), c("1", "0.9"), c("0.1", "0"))
cases$partial_bounds <- list(
  call = "auc(roc(y, x, levels = c(0, 1), direction = '<'), partial.auc = c(hi, lo), partial.auc.focus = f, partial.auc.correct = k)",
  y = yp, x = xp,
  by_range = unlist(lapply(ranges, function(rgt) lapply(c("specificity", "sensitivity"), function(f) {
    rg <- c(eval(parse(text = rgt[1])), eval(parse(text = rgt[2])))
    list(hi = rgt[1], lo = rgt[2], focus = f,
         auc = as.numeric(auc(rp, partial.auc = rg, partial.auc.focus = f)),
         corrected = suppressWarnings(as.numeric(auc(rp, partial.auc = rg, partial.auc.focus = f,
                                                      partial.auc.correct = TRUE))))})),
    recursive = FALSE))

cases$power_ncases_only <- list(
  call = "power.roc.test(auc = 0.8, ncases = 30)  # ncontrols = kappa * ncases, kappa = 1",
  power = power.roc.test(auc = 0.8, ncases = 30)$power,
  ncontrols = power.roc.test(auc = 0.8, ncases = 30)$ncontrols)

out <- list(
  DO_NOT_EDIT = "Generated by validation/r/edge_cases.R. Regenerate from the repository root with: Rscript validation/r/edge_cases.R",
  generator = "validation/r/edge_cases.R",
  r_version = R.version.string, proc_version = as.character(packageVersion("pROC")),
  cases = cases)
writeLines(toJSON(out, auto_unbox = TRUE, digits = NA, pretty = TRUE, na = "null"), out_file)
cat("wrote", out_file, "\n")

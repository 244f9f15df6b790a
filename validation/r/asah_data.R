## Writes validation/results/data/asah.csv and asah.json: pROC's aSAH data set (Turck et al.
## 2010, 113 patients with aneurysmal subarachnoid haemorrhage), for the README's study
## example and the study reports.  DO NOT EDIT the outputs; rerun:
##   Rscript validation/r/asah_data.R
suppressPackageStartupMessages(library(pROC))
data("aSAH", package = "pROC")
out <- file.path("validation", "results", "data")
d <- aSAH[, c("gos6", "outcome", "gender", "age", "wfns", "s100b", "ndka")]
write.csv(d, file.path(out, "asah.csv"), row.names = FALSE)
lev <- lapply(d, function(col) if (is.factor(col)) levels(col) else NULL)
lev <- lev[!vapply(lev, is.null, logical(1))]
side <- list(DO_NOT_EDIT = "written by validation/r/asah_data.R",
             generator = "validation/r/asah_data.R", file = "asah.csv",
             source = sprintf("pROC %s data(aSAH)", as.character(packageVersion("pROC"))),
             r_version = R.version.string, n = nrow(d),
             factor_levels = lev,
             note = paste("outcome levels are c('Good', 'Poor'): pROC's roc(outcome, x)",
                          "takes Good as controls and Poor as cases"))
writeLines(jsonlite::toJSON(side, auto_unbox = TRUE, pretty = TRUE),
           file.path(out, "asah.json"))

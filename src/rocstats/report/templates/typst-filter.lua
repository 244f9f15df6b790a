-- pandoc Lua filter for the Typst conversion (rocstats.report.render).
-- Typst resolves image paths against the .typ file, which lives in a build directory:
-- make relative ones absolute, relative to the .qmd's directory (metadata qmd-dir).
-- Let Typst size table columns to their content instead of the pipe-table widths
-- derived from the dashes, which squeeze long numbers.
function Pandoc(doc)
  local base = pandoc.utils.stringify(doc.meta['qmd-dir'] or '.')
  doc.meta['qmd-dir'] = nil
  return doc:walk {
    Image = function(el)
      if not el.src:match('^/') and not el.src:match('^%a[%w+.-]*:') then el.src = base .. '/' .. el.src end
      return el
    end,
    Table = function(tbl)
      for i, spec in ipairs(tbl.colspecs) do tbl.colspecs[i] = { spec[1], pandoc.ColWidthDefault } end
      return tbl
    end,
  }
end

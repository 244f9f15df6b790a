-- pandoc Lua filter for the Typst conversion (rocstats.report.render).
-- Typst resolves image paths against the .typ file, which lives in a build directory:
-- make relative ones absolute, relative to the .qmd's directory (metadata qmd-dir).
-- Let Typst size table columns to their content instead of the pipe-table widths
-- derived from the dashes, which squeeze long numbers; a single column of running text
-- gets the width the others leave.
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
      -- one column of running text among short ones (a criterion beside counts): Typst's
      -- auto layout would give it no more than the others, so it gets the text width
      -- the short columns' contents leave (about 115 characters of table text per line,
      -- 3 of them a cell's insets; a header counts by its longest word)
      local longest, cols = {}, #tbl.colspecs
      for i = 1, cols do longest[i] = 0 end
      for i, cell in ipairs(tbl.head.rows[1] and tbl.head.rows[1].cells or {}) do
        for word in pandoc.utils.stringify(cell.contents):gmatch('%S+') do   -- headers wrap
          longest[i] = math.max(longest[i] or 0, #word)
        end
      end
      for _, body in ipairs(tbl.bodies) do
        for _, row in ipairs(body.body) do
          for i, cell in ipairs(row.cells) do
            local text = pandoc.utils.stringify(cell.contents)
            -- a cell without spaces cannot wrap: count it a little wider
            local width = text:find('%s') and #text or math.ceil(1.25 * #text)
            longest[i] = math.max(longest[i] or 0, width)
          end
        end
      end
      local wide, others, second = nil, 0, 0
      for i = 1, cols do
        if wide == nil or longest[i] > longest[wide] then wide = i end
      end
      for i = 1, cols do
        if i ~= wide then
          others = others + longest[i] + 3
          second = math.max(second, longest[i])
        end
      end
      if wide ~= nil and cols > 2 and longest[wide] >= 60 and longest[wide] >= 3 * second then
        local share = math.min(0.6, math.max(0.35, 1 - others / 115))
        tbl.colspecs[wide] = { tbl.colspecs[wide][1], share }
      end
      return tbl
    end,
  }
end

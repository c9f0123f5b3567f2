// The first-run hint and the help overlay listing every key.

extension App {
    func drawHint(_ screen: inout Screen) {
        let lines = [
            "Click a cell to bring it to life; drag to paint.",
            "Pan: arrows, hjkl or a right-button drag.",
            "Zoom: + and -, or the mouse wheel.",
            "",
            "Start with:  g Glider   b Blinker   k Block",
            "             c Custom (draw your own)",
            "",
            "Esc hides this hint.",
        ]
        let frame = canvasFrame
        let width = min(lines.map(\.count).max()! + 4, frame.columns)
        let palette = settings.palette
        let left = frame.left + max((frame.columns - width) / 2, 0)
        let top = frame.top + max((frame.rows - lines.count - 2) / 2, 0)
        let style = ScreenCell(" ", foreground: palette.text, background: palette.panel)
        screen.fill(column: left, row: top, width: width, height: min(lines.count + 2, frame.rows), with: style)
        var title = style
        title.bold = true
        title.foreground = palette.accent
        screen.put("Welcome: an empty universe", column: left + 2, row: top, style: title, limit: left + width)
        for (i, line) in lines.enumerated() where top + 1 + i < frame.top + frame.rows {
            screen.put(line, column: left + 2, row: top + 1 + i, style: style, limit: left + width)
        }
    }

    /// Every key, grouped as the help overlay shows them.
    static let helpLines: [String] = [
        "Playing                          Editing (edit mode, e)",
        "  space   play / pause             click    toggle a cell",
        "  .       one generation (each     drag     paint cells (one undo)",
        "          press counts)            1-9, 0   stamp a toolbar pattern",
        "  r       reset to the run start   r R f F  rotate / flip the stamp",
        "  g       go to generation N       m        paste: replace / live only",
        "  s       speed: slow/normal/      Enter    place (or click); Esc cancels",
        "          fast/hyper               u ^Z     undo     U ^Y  redo",
        "  [ ]     hyper step 2^k           X        clear the universe",
        "  Esc     cancel, stop, hide hint  R        change the rule",
        "View                             Selection (v, then drag)",
        "  + - wheel  zoom                  a all  c copy  x cut  p paste",
        "  f       fit the pattern          < >  rotate   f F  flip",
        "  o       centre on (0, 0)         d / D  clear inside / outside",
        "  arrows hjkl, right-drag  pan     %  random fill   w  save as shape",
        "  H J K L  pan half a screen     Panels and commands",
        "  a       auto-zoom fit/out/off    ,  settings   S  snapshots",
        "  i       identify the selection   B  boards     ?  this help",
        "          (or the pattern)         t  drawing state (multi-state)",
        "  #       hexagonal / square rows  :  a command (help lists them)",
        "  q       quit (everything is saved: play with no file reopens it)",
    ]

    func drawHelp(_ screen: inout Screen) {
        let lines = App.helpLines
        let inner = drawBox(&screen, width: lines.map(\.count).max()! + 4, height: lines.count + 3, title: "Keys (any key closes)")
        let style = ScreenCell(" ", foreground: settings.palette.text, background: settings.palette.panel)
        for (i, line) in lines.enumerated() where i < inner.rows {
            screen.put(line, column: inner.left, row: inner.top + i, style: style, limit: inner.left + inner.columns + 1)
        }
    }
}

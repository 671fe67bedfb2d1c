import Lister
import ListerSources
import TerminalCore
import Testing

/// `--color` read as fzf 0.74.5 reads it (each case checked against it with `--filter`),
/// and the themes of its base schemes.
@Suite struct PickColorsTests {
    private func failure(_ text: String) -> String? {
        do {
            _ = try PickColors.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func whatFzfTakesIsTaken() {
        for text in ["hl:red:bold", "fg:#d0d0d0,bg:-1,hl:#5f87af", "light,hl:196", "fg+:underline", "hl:regular",
                     "hl:strikethrough", "hl:blink", "hl:dim:italic", "hl:reverse", "hl:strong", "hl:bright-red", "hl:strip",
                     "fg:red,,hl:1", "HL:Red", " hl:red", "hl:red:", "hl:", "base16", "hl:underline:red", "fg:-1:regular",
                     "hl:red fg:blue", "hl:#FF0000", "DARK", "hl:grey", "hl:255", "scrollbar:red", "disabled:8"] {
            #expect(failure(text) == nil, "\(text)")
        }
    }

    @Test func whatFzfRefusesIsRefusedNamingThePart() {
        #expect(failure("hl:strike")?.contains("'strike' in 'hl:strike' is not a colour") == true)
        #expect(failure("hl:default")?.contains("'default' in 'hl:default'") == true)
        #expect(failure("hl:256") != nil)
        #expect(failure("hl:-2") != nil)
        #expect(failure("hl:#fff") != nil)
        #expect(failure("bogus:red")?.contains("unknown element in 'bogus:red'") == true)
        #expect(failure("hl")?.contains("'hl' is neither a base scheme") == true)
        #expect(failure("nocolor") != nil)
        #expect(failure("cursor:red")?.contains("unknown element") == true)
        #expect(failure("nth:red")?.contains("'nth' takes attributes only") == true)
        #expect(failure("nth:bold:underline") == nil)
    }

    @Test func attributesFollowTheColourAndReplaceTheSchemes() throws {
        let theme = try #require(PickColors.theme(of: [PickColors.parse("hl:red:bold,fg+:underline,hl+:regular,prompt:italic:-1")],
                                                  monochrome: false))
        #expect(theme.match == Style(foreground: .red, attributes: .bold))
        // fg+ keeps dark's colours, its attributes are the ones given.
        #expect(theme.current == Style(foreground: .indexed(254), background: .indexed(236), attributes: .underline))
        #expect(theme.currentMatch == Style(foreground: .indexed(151)))
        #expect(theme.prompt == Style(foreground: .default, attributes: .italic))
    }

    @Test func hexColoursBecomeTheNearestOf256() throws {
        #expect(PickColors.color("#5f87af") == .indexed(67))  // on the cube
        #expect(PickColors.color("#d0d0d0") == .indexed(252))  // a grey of the ramp, nearer than the cube's 188
        #expect(PickColors.color("#ff0000") == .indexed(196))
        #expect(PickColors.color("#000000") == .indexed(16))
        #expect(PickColors.color("#080808") == .indexed(232))
        #expect(PickColors.color("-1") == .default)
        #expect(PickColors.color("bright-red") == .indexed(9))
        #expect(PickColors.color("red") == .red)
    }

    @Test func aBaseSchemeStartsAgainAndElementsAloneStartFromDark() throws {
        let light = try #require(PickColors.theme(of: [PickColors.parse("hl:1"), PickColors.parse("light,hl:196")], monochrome: false))
        #expect(light.match == Style(foreground: .indexed(196)))
        #expect(light.current == Style(foreground: .indexed(237), background: .indexed(251), attributes: .bold))
        #expect(light.prompt.foreground == .indexed(25))
        let dark = try #require(PickColors.theme(of: [PickColors.parse("pointer:2")], monochrome: false))
        #expect(dark.match.foreground == .indexed(108) && dark.info.foreground == .indexed(144) && dark.pointer.foreground == .indexed(2))
        let sixteen = PickColors.scheme("16")
        #expect(sixteen.match.foreground == .green && sixteen.current.background == .indexed(8))
        #expect(PickColors.theme(of: [], monochrome: false) == nil)  // no --color: Lister's own look
    }

    @Test func monochromeKeepsTheReverseSelection() throws {
        let options = try PickOptions.parse(["--color=dark,hl:red", "--no-color"])
        #expect(options.look.isMonochrome)
        #expect(options.look.theme?.current == .reverse)
        #expect(try PickOptions.parse(["--color=dark", "--color=bw"]).look.theme == .standard)
    }
}

import Foundation
import Testing
@testable import FoodDiary
import FoodDiaryWeb

/// The template renderer on small templates: Mustache's rules, and the errors that stop start-up.
@Suite struct TemplateRenderingTests {
    /// Keys given by hand, for templates that are not pages.
    struct Values: TemplateKeyed {
        let values: [String: TemplateValue]
        init(_ values: [String: TemplateValue]) { self.values = values }
        func value(forKey key: String) -> TemplateValue { values[key] ?? .absent }
    }

    func render(_ templates: [String: String], _ values: [String: TemplateValue], frame: [String: TemplateValue]? = nil) throws -> String {
        let library = try TemplateLibrary(templates: templates.mapValues { try TemplateParser.parse($0) })
        let page = try #require(library.render(Values(values), template: "page", frame: frame.map(Values.init)))
        return String(buffer: page)
    }

    @Test func escapesTheFiveCharactersHTMLNeedsAndKeepsTheRestByteForByte() throws {
        let text = #"<b> & "quoted" 'single' — crème brûlée 🍓 👨‍👩‍👧"#
        #expect(
            try render(["page": "{{text}}|{{{text}}}|{{&text}}"], ["text": .text(text)])
                == #"&lt;b&gt; &amp; &quot;quoted&quot; &#39;single&#39; — crème brûlée 🍓 👨‍👩‍👧|"# + text + "|" + text)
    }

    @Test func sectionsFollowMustacheTruth() throws {
        let template = "{{#v}}yes{{/v}}{{^v}}no{{/v}}"
        let cases: [(TemplateValue, String)] = [
            (.absent, "no"), (.flag(false), "no"), (.flag(true), "yes"), (.text(""), "yes"),
            (.list([String]()), "no"), (.list(["a"]), "yes"), (.object(Values([:])), "yes")
        ]
        for (value, expected) in cases {
            #expect(try render(["page": template], ["v": value]) == expected, "\(value)")
        }
    }

    @Test func listsRenderEachElementAndDotIsTheCurrentOne() throws {
        let rows: [Values] = [Values(["name": .text("oats")]), Values(["name": .text("milk")])]
        #expect(
            try render(
                ["page": "{{#rows}}[{{name}}]{{/rows}}{{#tags}}<{{.}}>{{/tags}}"],
                ["rows": .list(rows), "tags": .list(["a&b", "c"])]) == "[oats][milk]<a&amp;b><c>")
    }

    @Test func aKeyMissingOrNilInARowIsLookedUpInTheEnclosingValues() throws {
        let rows = [Values(["name": .text("oats")]), Values(["name": .text("milk"), "unit": .text("ml")])]
        #expect(
            try render(["page": "{{#rows}}{{name}} {{unit}};{{/rows}}"], ["rows": .list(rows), "unit": .text("g")])
                == "oats g;milk ml;")
    }

    @Test func dottedNamesWalkIntoObjects() throws {
        let meal = Values(["url": .text("/meals/7")])
        #expect(try render(["page": "{{meal.url}}|{{meal.missing}}|{{nothing.url}}"], ["meal": .object(meal)]) == "/meals/7||")
    }

    @Test func tagsAloneOnTheirLineLeaveNoBlankLine() throws {
        let template = "<ul>\n  {{#rows}}\n  <li>{{.}}</li>\n  {{/rows}}\n  {{! a comment }}\n</ul>\n"
        #expect(try render(["page": template], ["rows": .list(["a", "b"])]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
    }

    @Test func aPageFillsItsLayoutsBlocksAndKeepsTheDefaultsItLeaves() throws {
        let layout =
            "<title>{{$title}}Untitled{{/title}}</title>\n<main>\n{{$body}}\n{{/body}}\n</main>\n<footer>{{$footer}}© us{{/footer}}</footer>\n"
        let page = "{{<layout}}\n{{$title}}{{name}}{{/title}}\n{{$body}}\n<p>{{name}}</p>\n{{/body}}\n{{/layout}}\n"
        let html = try render(["layout": layout, "page": page], ["name": .text("Lunch")])
        #expect(html == "<title>Lunch</title>\n<main>\n<p>Lunch</p>\n</main>\n<footer>© us</footer>\n")
    }

    @Test func aPartialAloneOnItsLineIsIndentedLikeIt() throws {
        #expect(
            try render(["page": "<div>\n  {{> row}}\n</div>\n", "row": "<p>\n{{name}}\n</p>\n"], ["name": .text("x")])
                == "<div>\n  <p>\n  x\n  </p>\n</div>\n")
    }

    @Test func theFrameAnswersBeneathThePage() throws {
        #expect(
            try render(
                ["page": "{{strip}} {{title}}"], ["title": .text("page")], frame: ["strip": .text("frame"), "title": .text("hidden")])
                == "frame page")
    }

    @Test(arguments: [
        ("{{#open}}never closed", "never closed"),
        ("{{#a}}{{/b}}", "closes nothing open"),
        ("{{=<% %>=}}", "not supported"),
        ("{{name", "name is missing"),
        ("{{{name}}", "third }")
    ])
    func aBrokenTemplateIsRefusedWithItsLine(template: String, message: String) {
        #expect {
            try TemplateParser.parse("line one\n" + template)
        } throws: { error in
            String(describing: error).contains(message) && String(describing: error).hasPrefix("line 2")
        }
    }

    @Test func aPartialThatDoesNotExistStopsStartUp() {
        #expect(throws: TemplateLibrary.LoadFailure.self) {
            try TemplateLibrary(templates: ["page": TemplateParser.parse("{{> partials/missing}}")])
        }
    }
}

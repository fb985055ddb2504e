import CPDFShim
import FoodDiaryBase
import Foundation

/// A report as a PDF made on the server: the page's words and figures (the same view model, so in
/// the reader's language and the diary's units), the energy per day drawn as bars, each week's
/// table kept on one page, on A4 or US Letter as the reader's region uses.
enum ReportPDF {
    enum Paper: String, Sendable {
        case a4, letter

        /// Points (1/72 inch).
        var size: (width: Double, height: Double) { self == .a4 ? (595.28, 841.89) : (612, 792) }

        /// Where US Letter is the paper (CLDR's measurementData, paperSize "US-Letter").
        static let letterRegions: Set<String> = ["BZ", "CA", "CL", "CO", "CR", "GT", "MX", "NI", "PA", "PH", "PR", "SV", "US", "VE"]

        /// The region of the reader's first language ("en-US", "es-MX"); without one, the diary's units.
        init(acceptLanguage: String?, units: UnitSystem) {
            let first = acceptLanguage?.split(separator: ",").first?.split(separator: ";").first.map { String($0).trimmingWhitespace }
            if let tag = first, let region = tag.split(separator: "-").dropFirst().last(where: { $0.count == 2 }) {
                self = Self.letterRegions.contains(region.uppercased()) ? .letter : .a4
            } else {
                self = units == .us ? .letter : .a4
            }
        }
    }

    struct Failure: Error {}

    static func make(_ report: DiaryReport, view: ReportView, paper: Paper) throws -> Data {
        let writer = try PDFWriter(paper: paper, title: view.title, footer: view.title)
        writer.heading(view.title, size: 17)
        writer.paragraph(view.rangeText + (view.sharedUntil.map { " · \($0)" } ?? ""), size: 9, grey: true)
        writer.space(6)
        writer.subheading(tr("Summary"))
        for line in view.summary { writer.paragraph("• " + line, size: 9.5) }
        if view.hasAverages {
            writer.space(4)
            writer.table(
                columns: [
                    (tr("Per day"), 0.28, false), (tr("Mean"), 0.22, true), (tr("Least – most"), 0.32, true), (tr("Goal"), 0.18, true)
                ],
                rows: view.averages.map { [$0.name, $0.mean, $0.range, $0.goal] })
        }
        writer.subheading(tr("Energy per day"))
        energyChart(report, writer: writer)
        if let weight = view.weightText {
            writer.subheading(tr("Weight"))
            writer.paragraph(weight, size: 9.5)
        }
        writer.subheading(tr("Nutrients against needs"))
        writer.paragraph(view.needsText, size: 9, grey: true)
        if view.hasNeeds {
            writer.table(
                columns: [
                    (tr("Nutrient"), 0.34, false), (tr("Mean a day"), 0.22, true), (tr("% of need"), 0.22, true),
                    (tr("Days below"), 0.22, true)
                ],
                rows: view.needs.map { [$0.name, $0.amount, $0.percent, $0.daysUnder] })
        }
        if let unknown = view.unknownNeedsText { writer.paragraph(unknown, size: 8.5, grey: true) }
        if view.hasTiming {
            writer.subheading(tr("Meal times"))
            for line in view.timing { writer.paragraph("• " + line, size: 9.5) }
        }
        if view.hasFoods {
            writer.subheading(tr("Foods eaten most"))
            writer.table(
                columns: [(tr("Food"), 0.56, false), (tr("Times"), 0.18, true), (tr("Energy in all"), 0.26, true)],
                rows: view.foods.map { [$0.name, $0.times, $0.energy] })
        }
        writer.newPage()
        writer.subheading(tr("Day by day"))
        for week in view.weeks { dayTable(week, view: view, writer: writer) }
        return try writer.finish()
    }

    /// A week's days, kept together on one page; each note on a line of its own under its day.
    private static func dayTable(_ week: ReportView.Week, view: ReportView, writer: PDFWriter) {
        var rows: [[String]] = []
        var notes: [Int: String] = [:]
        for day in week.rows {
            rows.append([
                day.dateText + (day.mark.map { "\n\($0)" } ?? ""), day.energy, day.protein, day.fat, day.carbohydrate, day.water,
                day.weight,
                day.exercise, day.steps
            ])
            if let note = day.note { notes[rows.count - 1] = tr("Note:") + " " + note }
        }
        let energy = EnergyUnit.shown.symbol
        writer.table(
            columns: [
                (tr("Day"), 0.2, false), (energy, 0.1, true), (tr("Protein g"), 0.1, true), (tr("Fat g"), 0.08, true),
                (tr("Carbs g"), 0.09, true), (tr("Water \(view.drinkUnit)"), 0.11, true), (tr("Weight \(view.weightUnit)"), 0.11, true),
                (tr("Exercise \(energy)"), 0.12, true), (tr("Steps"), 0.09, true)
            ], rows: rows, caption: week.heading, notes: notes, keepTogether: true, size: 8)
    }

    /// Bars of each day's energy against the goal (dashed); a day with meals to itemise outlined,
    /// not filled, as the page marks it.
    private static func energyChart(_ report: DiaryReport, writer: PDFWriter) {
        let height = 110.0, labels = 14.0
        writer.ensure(height + labels + 6)
        let top = writer.y, left = writer.left + 34, width = writer.width - 34
        let energy = NutrientKind.energyKcal
        let values = report.days.map { energy.shown($0.totals.value(.energyKcal, default: 0)) }
        let goal = report.goals[.energyKcal].map(energy.shown)
        let ceiling = max(values.max() ?? 0, goal ?? 0, 1) * 1.1
        let slot = width / Double(max(values.count, 1))
        let scale = height / ceiling
        for step in [0.0, 0.5, 1.0] {
            let value = ceiling * step / 1.1, y = top + height - value * scale
            writer.line(from: (left, y), to: (left + width, y), grey: 0.85, width: 0.4)
            writer.text(grouped(value.rounded()), x: writer.left, y: y - 5, width: 30, size: 6.5, grey: true, align: .right)
        }
        for (index, day) in report.days.enumerated() {
            let barHeight = values[index] * scale, x = left + Double(index) * slot + slot * 0.15
            if day.mealsToItemise > 0 {
                writer.rect(x: x, y: top + 2, width: slot * 0.7, height: height - 2, colour: (0.75, 0.75, 0.75), fill: false)
            }
            if barHeight > 0 {
                writer.rect(x: x, y: top + height - barHeight, width: slot * 0.7, height: barHeight, colour: (0.18, 0.49, 0.31), fill: true)
            }
        }
        if let goal {
            let y = top + height - goal * scale
            writer.line(from: (left, y), to: (left + width, y), colour: (0.7, 0.2, 0.15), width: 0.8, dashed: true)
        }
        let marks = Array(Set([0, report.days.count / 2, report.days.count - 1])).sorted()
        for index in marks where report.days.indices.contains(index) {
            writer.text(
                report.days[index].date.shortDayMonthText, x: left + Double(index) * slot - 30 + slot / 2, y: top + height + 2, width: 60,
                size: 6.5, grey: true, align: .centre)
        }
        writer.y = top + height + labels + 6
    }
}

/// Pages drawn top to bottom: a cursor that moves down and starts a new page when what comes
/// next would not fit, each page with its footer.
final class PDFWriter {
    enum Align: Int32 { case left = 0, right = 1, centre = 2 }

    private let pdf: OpaquePointer
    private let pageHeight: Double
    private let footer: String
    let left = 42.0
    let width: Double
    var y = 42.0
    private var page = 1
    private var isFinished = false
    private var bottom: Double { pageHeight - 54 }

    init(paper: ReportPDF.Paper, title: String, footer: String) throws {
        guard let pdf = fd_pdf_create(paper.size.width, paper.size.height, title) else { throw ReportPDF.Failure() }
        self.pdf = pdf
        pageHeight = paper.size.height
        width = paper.size.width - 84
        self.footer = footer
    }

    /// A document left unfinished (a throw on the way) still hands back cairo's memory.
    deinit {
        guard !isFinished else { return }
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        _ = fd_pdf_finish(pdf, &bytes, &length)
        if let bytes { fd_pdf_free_bytes(bytes) }
    }

    func ensure(_ height: Double) {
        if y + height > bottom { newPage() }
    }

    func newPage() {
        drawFooter()
        fd_pdf_next_page(pdf)
        page += 1
        y = 42
    }

    func space(_ points: Double) { y += points }

    func heading(_ text: String, size: Double) {
        let height = measure(text, width: width, size: size, bold: true)
        ensure(height)
        self.text(text, x: left, y: y, width: width, size: size, bold: true)
        y += height + 2
    }

    func subheading(_ text: String) {
        space(8)
        // A heading is never the last line of a page.
        ensure(measure(text, width: width, size: 12, bold: true) + 40)
        heading(text, size: 12)
    }

    func paragraph(_ text: String, size: Double, grey: Bool = false) {
        let height = measure(text, width: width, size: size)
        ensure(height)
        self.text(text, x: left, y: y, width: width, size: size, grey: grey)
        y += height + 1.5
    }

    /// Columns as (title, share of the width, right-aligned); the header again on every page the
    /// table runs onto, unless `keepTogether` moves the whole table to the next page instead.
    func table(
        columns: [(String, Double, Bool)], rows: [[String]], caption: String? = nil, notes: [Int: String] = [:],
        keepTogether: Bool = false, size: Double = 8.5
    ) {
        let widths = columns.map { $0.1 * width }
        let padding = 3.0
        func rowHeight(_ cells: [String], bold: Bool = false) -> Double {
            zip(cells, widths).map { measure($0, width: $1 - 2 * padding, size: size, bold: bold) }.max() ?? 0
        }
        let header = rowHeight(columns.map(\.0), bold: true) + 2 * padding
        let heights = rows.map { rowHeight($0) + 2 * padding }
        let noteHeights = notes.mapValues { measure($0, width: width - 2 * padding, size: size - 0.5) + padding }
        let captionHeight = caption.map { measure($0, width: width, size: 9.5, bold: true) + 3 } ?? 0
        let whole = captionHeight + header + heights.reduce(0, +) + noteHeights.values.reduce(0, +)
        if keepTogether && whole <= bottom - 42 { ensure(whole) } else { ensure(captionHeight + header + (heights.first ?? 0)) }
        if let caption {
            text(caption, x: left, y: y, width: width, size: 9.5, bold: true)
            y += captionHeight
        }
        func drawHeader() {
            rect(x: left, y: y, width: width, height: header, colour: (0.93, 0.93, 0.93), fill: true)
            var x = left
            for (column, cellWidth) in zip(columns, widths) {
                text(
                    column.0, x: x + padding, y: y + padding, width: cellWidth - 2 * padding, size: size, bold: true,
                    align: column.2 ? .right : .left)
                x += cellWidth
            }
            y += header
        }
        drawHeader()
        for (index, cells) in rows.enumerated() {
            let height = heights[index] + (noteHeights[index] ?? 0)
            if y + height > bottom {
                newPage()
                drawHeader()
            }
            var x = left
            for (cell, (column, cellWidth)) in zip(cells, zip(columns, widths)) {
                text(cell, x: x + padding, y: y + padding, width: cellWidth - 2 * padding, size: size, align: column.2 ? .right : .left)
                x += cellWidth
            }
            y += heights[index]
            if let note = notes[index] {
                text(note, x: left + padding, y: y - padding / 2, width: width - 2 * padding, size: size - 0.5, grey: true)
                y += noteHeights[index] ?? 0
            }
            line(from: (left, y), to: (left + width, y), grey: 0.8, width: 0.4)
        }
        y += 6
    }

    func text(
        _ text: String, x: Double, y: Double, width: Double, size: Double, bold: Bool = false, grey: Bool = false, align: Align = .left
    ) {
        let shade = grey ? 0.4 : 0.1
        _ = fd_pdf_text(pdf, text, x, y, width, size, bold ? 1 : 0, shade, shade, shade, align.rawValue, 0)
    }

    func measure(_ text: String, width: Double, size: Double, bold: Bool = false) -> Double {
        fd_pdf_text(pdf, text, 0, 0, width, size, bold ? 1 : 0, 0, 0, 0, 0, 1)
    }

    func rect(x: Double, y: Double, width: Double, height: Double, colour: (Double, Double, Double), fill: Bool) {
        fd_pdf_rect(pdf, x, y, width, height, colour.0, colour.1, colour.2, fill ? 1 : 0, 0.8)
    }

    func line(from start: (Double, Double), to end: (Double, Double), grey: Double, width: Double) {
        line(from: start, to: end, colour: (grey, grey, grey), width: width)
    }

    func line(from start: (Double, Double), to end: (Double, Double), colour: (Double, Double, Double), width: Double, dashed: Bool = false)
    {
        fd_pdf_line(pdf, start.0, start.1, end.0, end.1, colour.0, colour.1, colour.2, width, dashed ? 1 : 0)
    }

    private func drawFooter() {
        text(tr("FoodDiary · \(footer) · page \(page)"), x: left, y: pageHeight - 36, width: width, size: 7.5, grey: true, align: .centre)
    }

    func finish() throws -> Data {
        drawFooter()
        var bytes: UnsafeMutablePointer<UInt8>?
        var length = 0
        isFinished = true
        guard fd_pdf_finish(pdf, &bytes, &length) == 0, let bytes else { throw ReportPDF.Failure() }
        defer { fd_pdf_free_bytes(bytes) }
        return Data(bytes: bytes, count: length)
    }
}

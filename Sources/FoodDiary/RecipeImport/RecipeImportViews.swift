import FoodDiaryBase
import Foundation

/// `/recipes/import`: a recipe's address, its page pasted, or the page saved from a browser.
struct RecipeImportView: Sendable {
    let title = tr("Import a recipe")
    let csrfToken: String
    var address = ""
    var problem: String?
    /// The page as pasted, given back when it could not be read, so nothing typed is lost.
    var pasted = ""
    /// The most a page may be, as the form says it: the one limit for every way a page comes.
    let pageLimit = tr("\(RecipePageFetcher.maxBytes / 1_000_000) MB")
    var showsOtherWays: Bool { !pasted.isEmpty }
}

/// What a recipe page holds, each ingredient placed for the person to confirm before saving.
struct RecipeImportPreviewView: Sendable {
    let title = tr("Import a recipe")
    let csrfToken: String
    let name: String
    let nameError: String?
    let servings: String
    let servingsError: String?
    /// As the page said it: "Serves 4-6", "12 cookies".
    let yield: String?
    let source: String?
    let image: String?
    let notes: String
    let notesError: String?
    let rows: [ProposedFoodRow]
    let rowCount: Int
    let notice: String?
    /// "412 kcal a serving, 1,648 kcal in all", from the foods ticked.
    let perServing: String

    /// The recipe's notes: its steps, numbered within each section.
    static func notes(steps: [String]) -> String {
        var lines: [String] = []
        var number = 0
        for step in steps {
            if step.hasSuffix(":") {
                number = 0
                lines.append(step)
            } else {
                number += 1
                lines.append("\(number). \(step)")
            }
        }
        return String(lines.joined(separator: "\n").prefix(MealInput.maxNotesLength))
    }
}

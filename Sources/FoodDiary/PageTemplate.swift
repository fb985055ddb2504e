import FoodDiaryWeb
import HTTPTypes
import Hummingbird

/// Every page template the features render; start-up fails if one is missing.
enum PageTemplate: String, CaseIterable, PageTemplateName {
    case mealList = "meals/list"
    case mealDetail = "meals/detail"
    case mealForm = "meals/form"
    case mealDelete = "meals/delete"
    case foodSearch = "foods/search"
    case foodDetail = "foods/detail"
    case addFood = "entries/add"
    case chooseAmount = "entries/amount"
    case handTypedFood = "entries/typed"
    case entryDetail = "entries/detail"
    case savedFoods = "saved/list"
    case placeList = "places/list"
    case placeDetail = "places/detail"
    case tagList = "tags/list"
    case tagDetail = "tags/detail"
    case day = "days/day"
    case goals = "days/goals"
    case trends = "days/trends"
    case favourites = "days/favourites"
    case logAgain = "meals/log_again"
    case shareMeal = "meals/share"
    case quickAdd = "entries/quick"
    case myFoods = "my_foods/list"
    case myFoodForm = "my_foods/form"
    case recipes = "recipes/list"
    case recipeForm = "recipes/form"
    case recipeDetail = "recipes/detail"
    case recipeIngredientSearch = "recipes/ingredient_search"
    case signIn = "accounts/signin"
    case setup = "accounts/setup"
    case invite = "accounts/invite"
    case account = "accounts/account"
    case signInCode = "accounts/signin_code"
    case singleSignOnOnTheWay = "accounts/sso_on_the_way"
    case secondStepSetup = "accounts/second_step"
    case recoveryCodes = "accounts/recovery_codes"
    case people = "accounts/people"
    case removePerson = "accounts/remove_person"
    case diaries = "diaries/list"
    case deleteDiary = "diaries/delete"
    case backups = "backups/list"
    case portability = "portability/page"
    case importPreview = "portability/preview"
    case importProgress = "portability/progress"
    case onlineFoods = "foods/online"
    case foodDataCentralSettings = "settings/food_data_central"
    case modelSettings = "settings/model"
    case snap = "meals/snap"
    case toItemise = "meals/to_itemise"
    case more = "more/more"
    case settings = "settings/settings"
    case log = "log/log"
    case barcodePhoto = "barcodes/photo"
    case textLog = "log/text"
    case recipeImport = "recipes/import"
    case recipeImportPreview = "recipes/import_preview"
    case body = "body/body"
    case measure = "body/measure"
    case bodySettings = "settings/body"
    case energy = "body/energy"
    case nutrients = "days/nutrients"
    case nutrientSettings = "settings/nutrients"
}

/// The features' page templates, which the app hands to the renderer to check at start-up.
package let featurePageTemplates: [any PageTemplateName] = PageTemplate.allCases

extension PageRenderer {
    /// A feature's page for the person `context` is signed in as, or for nobody.
    func render(_ template: PageTemplate, _ view: some TemplateKeyed & Sendable, for context: AppRequestContext,
                status: HTTPResponse.Status = .ok) async -> Response {
        await renderPage(template, view, for: context, status: status)
    }
}

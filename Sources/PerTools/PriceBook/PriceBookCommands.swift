import PerNumbers
import PerUnits
import PerLanguage

import Lister

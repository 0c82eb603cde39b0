package cc18

// Suite lists the 72 datasets of the OpenML-CC18 benchmark suite (OpenML
// study 99): dataset id, task id, name and OpenML's counts of instances,
// features and classes.
var Suite = []Info{
	{ID: 3, Task: 3, Name: "kr-vs-kp", Instances: 3196, Features: 36, Classes: 2},
	{ID: 6, Task: 6, Name: "letter", Instances: 20000, Features: 16, Classes: 26},
	{ID: 11, Task: 11, Name: "balance-scale", Instances: 625, Features: 4, Classes: 3},
	{ID: 12, Task: 12, Name: "mfeat-factors", Instances: 2000, Features: 216, Classes: 10},
	{ID: 14, Task: 14, Name: "mfeat-fourier", Instances: 2000, Features: 76, Classes: 10},
	{ID: 15, Task: 15, Name: "breast-w", Instances: 699, Features: 9, Classes: 2},
	{ID: 16, Task: 16, Name: "mfeat-karhunen", Instances: 2000, Features: 64, Classes: 10},
	{ID: 18, Task: 18, Name: "mfeat-morphological", Instances: 2000, Features: 6, Classes: 10},
	{ID: 22, Task: 22, Name: "mfeat-zernike", Instances: 2000, Features: 47, Classes: 10},
	{ID: 23, Task: 23, Name: "cmc", Instances: 1473, Features: 9, Classes: 3},
	{ID: 28, Task: 28, Name: "optdigits", Instances: 5620, Features: 64, Classes: 10},
	{ID: 29, Task: 29, Name: "credit-approval", Instances: 690, Features: 15, Classes: 2},
	{ID: 31, Task: 31, Name: "credit-g", Instances: 1000, Features: 20, Classes: 2},
	{ID: 32, Task: 32, Name: "pendigits", Instances: 10992, Features: 16, Classes: 10},
	{ID: 37, Task: 37, Name: "diabetes", Instances: 768, Features: 8, Classes: 2},
	{ID: 44, Task: 43, Name: "spambase", Instances: 4601, Features: 57, Classes: 2},
	{ID: 46, Task: 45, Name: "splice", Instances: 3190, Features: 60, Classes: 3},
	{ID: 50, Task: 49, Name: "tic-tac-toe", Instances: 958, Features: 9, Classes: 2},
	{ID: 54, Task: 53, Name: "vehicle", Instances: 846, Features: 18, Classes: 4},
	{ID: 151, Task: 219, Name: "electricity", Instances: 45312, Features: 8, Classes: 2},
	{ID: 182, Task: 2074, Name: "satimage", Instances: 6430, Features: 36, Classes: 6},
	{ID: 188, Task: 2079, Name: "eucalyptus", Instances: 736, Features: 19, Classes: 5},
	{ID: 38, Task: 3021, Name: "sick", Instances: 3772, Features: 29, Classes: 2},
	{ID: 307, Task: 3022, Name: "vowel", Instances: 990, Features: 12, Classes: 11},
	{ID: 300, Task: 3481, Name: "isolet", Instances: 7797, Features: 617, Classes: 26},
	{ID: 458, Task: 3549, Name: "analcatdata_authorship", Instances: 841, Features: 70, Classes: 4},
	{ID: 469, Task: 3560, Name: "analcatdata_dmft", Instances: 797, Features: 4, Classes: 6},
	{ID: 554, Task: 3573, Name: "mnist_784", Instances: 70000, Features: 784, Classes: 10},
	{ID: 1049, Task: 3902, Name: "pc4", Instances: 1458, Features: 37, Classes: 2},
	{ID: 1050, Task: 3903, Name: "pc3", Instances: 1563, Features: 37, Classes: 2},
	{ID: 1053, Task: 3904, Name: "jm1", Instances: 10885, Features: 21, Classes: 2},
	{ID: 1063, Task: 3913, Name: "kc2", Instances: 522, Features: 21, Classes: 2},
	{ID: 1067, Task: 3917, Name: "kc1", Instances: 2109, Features: 21, Classes: 2},
	{ID: 1068, Task: 3918, Name: "pc1", Instances: 1109, Features: 21, Classes: 2},
	{ID: 1590, Task: 7592, Name: "adult", Instances: 48842, Features: 14, Classes: 2},
	{ID: 4134, Task: 9910, Name: "Bioresponse", Instances: 3751, Features: 1776, Classes: 2},
	{ID: 1510, Task: 9946, Name: "wdbc", Instances: 569, Features: 30, Classes: 2},
	{ID: 1489, Task: 9952, Name: "phoneme", Instances: 5404, Features: 5, Classes: 2},
	{ID: 1494, Task: 9957, Name: "qsar-biodeg", Instances: 1055, Features: 41, Classes: 2},
	{ID: 1497, Task: 9960, Name: "wall-robot-navigation", Instances: 5456, Features: 24, Classes: 4},
	{ID: 1501, Task: 9964, Name: "semeion", Instances: 1593, Features: 256, Classes: 10},
	{ID: 1480, Task: 9971, Name: "ilpd", Instances: 583, Features: 10, Classes: 2},
	{ID: 1485, Task: 9976, Name: "madelon", Instances: 2600, Features: 500, Classes: 2},
	{ID: 1486, Task: 9977, Name: "nomao", Instances: 34465, Features: 118, Classes: 2},
	{ID: 1487, Task: 9978, Name: "ozone-level-8hr", Instances: 2534, Features: 72, Classes: 2},
	{ID: 1468, Task: 9981, Name: "cnae-9", Instances: 1080, Features: 856, Classes: 9},
	{ID: 1475, Task: 9985, Name: "first-order-theorem-proving", Instances: 6118, Features: 51, Classes: 6},
	{ID: 1462, Task: 10093, Name: "banknote-authentication", Instances: 1372, Features: 4, Classes: 2},
	{ID: 1464, Task: 10101, Name: "blood-transfusion-service-center", Instances: 748, Features: 4, Classes: 2},
	{ID: 4534, Task: 14952, Name: "PhishingWebsites", Instances: 11055, Features: 30, Classes: 2},
	{ID: 6332, Task: 14954, Name: "cylinder-bands", Instances: 540, Features: 39, Classes: 2},
	{ID: 1461, Task: 14965, Name: "bank-marketing", Instances: 45211, Features: 16, Classes: 2},
	{ID: 4538, Task: 14969, Name: "GesturePhaseSegmentationProcessed", Instances: 9873, Features: 32, Classes: 5},
	{ID: 1478, Task: 14970, Name: "har", Instances: 10299, Features: 561, Classes: 6},
	{ID: 23381, Task: 125920, Name: "dresses-sales", Instances: 500, Features: 12, Classes: 2},
	{ID: 40499, Task: 125922, Name: "texture", Instances: 5500, Features: 40, Classes: 11},
	{ID: 40668, Task: 146195, Name: "connect-4", Instances: 67557, Features: 42, Classes: 3},
	{ID: 40966, Task: 146800, Name: "MiceProtein", Instances: 1080, Features: 77, Classes: 8},
	{ID: 40982, Task: 146817, Name: "steel-plates-fault", Instances: 1941, Features: 27, Classes: 7},
	{ID: 40994, Task: 146819, Name: "climate-model-simulation-crashes", Instances: 540, Features: 20, Classes: 2},
	{ID: 40983, Task: 146820, Name: "wilt", Instances: 4839, Features: 5, Classes: 2},
	{ID: 40975, Task: 146821, Name: "car", Instances: 1728, Features: 6, Classes: 4},
	{ID: 40984, Task: 146822, Name: "segment", Instances: 2310, Features: 19, Classes: 7},
	{ID: 40979, Task: 146824, Name: "mfeat-pixel", Instances: 2000, Features: 240, Classes: 10},
	{ID: 40996, Task: 146825, Name: "Fashion-MNIST", Instances: 70000, Features: 784, Classes: 10},
	{ID: 41027, Task: 167119, Name: "jungle_chess_2pcs_raw_endgame_complete", Instances: 44819, Features: 6, Classes: 3},
	{ID: 23517, Task: 167120, Name: "numerai28.6", Instances: 96320, Features: 21, Classes: 2},
	{ID: 40923, Task: 167121, Name: "Devnagari-Script", Instances: 92000, Features: 1024, Classes: 46},
	{ID: 40927, Task: 167124, Name: "CIFAR_10", Instances: 60000, Features: 3072, Classes: 10},
	{ID: 40978, Task: 167125, Name: "Internet-Advertisements", Instances: 3279, Features: 1558, Classes: 2},
	{ID: 40670, Task: 167140, Name: "dna", Instances: 3186, Features: 180, Classes: 3},
	{ID: 40701, Task: 167141, Name: "churn", Instances: 5000, Features: 20, Classes: 2},
}

// Info describes one dataset of the suite.
type Info struct {
	ID, Task                     int
	Name                         string
	Instances, Features, Classes int
}

// Lookup returns the suite entry of an OpenML dataset id.
func Lookup(id int) (Info, bool) {
	for _, d := range Suite {
		if d.ID == id {
			return d, true
		}
	}
	return Info{}, false
}

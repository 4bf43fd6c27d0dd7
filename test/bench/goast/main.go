// Command goast prints the declarations go/ast finds in one Go file, as JSON, for the bench's
// second recall reference: every function, method (named Recv.Name) and type.
package main

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
)

type declaration struct {
	Name string `json:"name"`
	Kind string `json:"kind"`
	Line int    `json:"line"`
}

// receiver is the type name a method is declared on, without pointer or type parameters.
func receiver(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return receiver(t.X)
	case *ast.IndexExpr:
		return receiver(t.X)
	case *ast.IndexListExpr:
		return receiver(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

func main() {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, os.Args[1], nil, parser.SkipObjectResolution)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	found := []declaration{}
	for _, decl := range file.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			name, kind := d.Name.Name, "func"
			if d.Recv != nil && len(d.Recv.List) > 0 {
				name, kind = receiver(d.Recv.List[0].Type)+"."+name, "method"
			}
			found = append(found, declaration{name, kind, fset.Position(d.Name.Pos()).Line})
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				if t, ok := spec.(*ast.TypeSpec); ok {
					kind := "type"
					switch t.Type.(type) {
					case *ast.StructType:
						kind = "struct"
					case *ast.InterfaceType:
						kind = "interface"
					}
					found = append(found, declaration{t.Name.Name, kind, fset.Position(t.Name.Pos()).Line})
				}
			}
		}
	}
	json.NewEncoder(os.Stdout).Encode(found)
}
